import { describe, expect, it } from "vitest";
import { initializerPackage } from "../../compiler/model/packages.js";
import { parseInvocations, tokenizeInvocation } from "../../compiler/readers/invocation.js";

const AW = new Set(["aw"]);
const kinds = (src: string) => tokenizeInvocation(src).map((t) => [t.kind, t.text]);

describe("tokenizeInvocation", () => {
  it("splits words, flags and values", () => {
    expect(kinds("aw flow advance --json -f")).toEqual([
      ["word", "aw"],
      ["word", "flow"],
      ["word", "advance"],
      ["flag", "--json"],
      ["flag", "-f"],
    ]);
  });

  it("reads --flag=value as one flag token with its value", () => {
    const [t] = tokenizeInvocation("--id=42");
    expect(t).toMatchObject({ kind: "flag", flag: "--id", value: "42", start: 0, end: 7 });
    expect(tokenizeInvocation('--name="a b"')[0]).toMatchObject({ kind: "flag", flag: "--name", value: "a b", text: '--name="a b"' });
  });

  it("leaves the value after `--flag` as a normal token", () => {
    expect(kinds("aw x --session <NNN> --count 3")).toEqual([
      ["word", "aw"],
      ["word", "x"],
      ["flag", "--session"],
      ["placeholder", "<NNN>"],
      ["flag", "--count"],
      ["word", "3"],
    ]);
  });

  it("recognizes placeholders", () => {
    expect(kinds("<NNN> {session} [opt] NNN PPP ... <session id> spec-<NNN>.md $HOME")).toEqual([
      ["placeholder", "<NNN>"],
      ["placeholder", "{session}"],
      ["placeholder", "[opt]"],
      ["placeholder", "NNN"],
      ["placeholder", "PPP"],
      ["placeholder", "..."],
      ["placeholder", "<session id>"],
      ["placeholder", "spec-<NNN>.md"],
      ["placeholder", "$HOME"],
    ]);
  });

  it("reads flags in a bracketed usage group at their own offsets, never eating the next word", () => {
    const src = "aw x [--hard] [--otp={token}] [-f|--force] [--out <file>] [opt] [exit|enter {tag}] [--flags...]";
    const toks = tokenizeInvocation(src);
    expect(toks.map((t) => [t.kind, t.flag ?? t.text, t.value])).toEqual([
      ["word", "aw", undefined],
      ["word", "x", undefined],
      ["flag", "--hard", ""],
      ["flag", "--otp", "{token}"],
      ["flag", "-f", ""],
      ["flag", "--force", ""],
      ["flag", "--out", ""],
      ["placeholder", "[opt]", undefined],
      ["placeholder", "[exit|enter {tag}]", undefined],
      ["flag", "--flags", ""],
    ]);
    const hard = toks[2];
    expect(src.slice(hard.start, hard.end)).toBe("--hard");
    const force = toks[5];
    expect(src.slice(force.start, force.end)).toBe("--force");
    // A shell test `[ -f x ]` is not a usage group.
    expect(kinds("[ -f x ]")[0]).toEqual(["placeholder", "[ -f x ]"]);
  });

  it("keeps quoted arguments whole, with spaces and escapes", () => {
    const toks = tokenizeInvocation(`aw note "a | b; c" 'x y' "say \\"hi\\""`);
    expect(toks.map((t) => [t.kind, t.text])).toEqual([
      ["word", "aw"],
      ["word", "note"],
      ["quoted", '"a | b; c"'],
      ["quoted", "'x y'"],
      ["quoted", '"say \\"hi\\""'],
    ]);
  });

  it("recognizes the -- separator and keeps - and negative numbers as words", () => {
    expect(kinds("aw x -- --not-a-flag - -1")).toEqual([
      ["word", "aw"],
      ["word", "x"],
      ["separator", "--"],
      ["flag", "--not-a-flag"],
      ["word", "-"],
      ["word", "-1"],
    ]);
  });

  it("emits operators and redirections", () => {
    expect(kinds("a|b&&c||d;e & f > out 2>&1")).toEqual([
      ["word", "a"],
      ["operator", "|"],
      ["word", "b"],
      ["operator", "&&"],
      ["word", "c"],
      ["operator", "||"],
      ["word", "d"],
      ["operator", ";"],
      ["word", "e"],
      ["operator", "&"],
      ["word", "f"],
      ["redirect", ">"],
      ["word", "out"],
      ["redirect", "2>&1"],
    ]);
  });

  it("skips comments and treats backslash-newline as a continuation", () => {
    expect(kinds("aw x \\\n  --json # trailing\n# whole line")).toEqual([
      ["word", "aw"],
      ["word", "x"],
      ["flag", "--json"],
      ["operator", "\n"],
    ]);
  });

  it("never fails on unbalanced input", () => {
    for (const s of ['aw "open', "aw 'x", "aw <oops", "aw [a", "aw {", "\\", "--=", "<>", "''", '"', "&>", "<<"]) {
      expect(() => tokenizeInvocation(s)).not.toThrow();
    }
    expect(kinds('aw "open')).toEqual([
      ["word", "aw"],
      ["word", '"open'],
    ]);
  });

  it("gives exact offsets", () => {
    const src = "  aw  run\t--x=1 'q r'";
    for (const t of tokenizeInvocation(src)) expect(src.slice(t.start, t.end)).toBe(t.text);
  });
});

describe("parseInvocations", () => {
  it("finds the binary and the tokens after it", () => {
    const [inv] = parseInvocations("aw flow advance --json", AW);
    expect(inv.binary).toBe("aw");
    expect(inv.start).toBe(0);
    expect(inv.end).toBe(22);
    expect(inv.tokens.map((t) => t.text)).toEqual(["flow", "advance", "--json"]);
  });

  it("ignores strings that do not start with a binary", () => {
    expect(parseInvocations("npm run aw", AW)).toEqual([]);
    expect(parseInvocations("awk '{print}'", AW)).toEqual([]);
  });

  it("skips environment prefixes", () => {
    const [inv] = parseInvocations('FOO=1 BAR="a b" aw x --y', AW);
    expect(inv.start).toBe(16);
    expect(inv.tokens.map((t) => t.text)).toEqual(["x", "--y"]);
  });

  it("splits at |, &&, || and ; and keeps each segment that starts with a binary", () => {
    const invs = parseInvocations("aw a --json | jq . && aw b; cd x || aw c", AW);
    expect(invs.map((i) => i.tokens.map((t) => t.text))).toEqual([["a", "--json"], ["b"], ["c"]]);
  });

  it("drops redirection targets", () => {
    const [inv] = parseInvocations("aw export --all > out.json 2>&1", AW);
    expect(inv.tokens.map((t) => t.text)).toEqual(["export", "--all"]);
    expect(inv.end).toBe(15);
  });

  it("treats each line as its own command", () => {
    expect(parseInvocations("aw a\naw b\n", AW).map((i) => i.tokens[0].text)).toEqual(["a", "b"]);
  });
});

describe("package-runner prefixes", () => {
  const bins = new Set(["aw"]);
  const heads = (src: string) => parseInvocations(src, bins).map((r) => `${r.binary}:${r.tokens.map((t) => t.text).join(" ")}`);
  it("npx, bunx, pnpm exec/dlx, yarn, pnpm, npm exec -- lead to the binary", () => {
    expect(heads("npx aw flow advance")).toEqual(["aw:flow advance"]);
    expect(heads("npx -y aw flow")).toEqual(["aw:flow"]);
    expect(heads("bunx aw x")).toEqual(["aw:x"]);
    expect(heads("pnpm exec aw x --json")).toEqual(["aw:x --json"]);
    expect(heads("pnpm dlx aw x")).toEqual(["aw:x"]);
    expect(heads("yarn aw x")).toEqual(["aw:x"]);
    expect(heads("npm exec -- aw x")).toEqual(["aw:x"]);
  });
  it("a runner's package may carry a version (`npx aw@latest`); a bare `aw@1` is not the binary", () => {
    expect(heads("npx aw@latest flow")).toEqual(["aw:flow"]);
    expect(heads("pnpm dlx aw@2.1.0 x")).toEqual(["aw:x"]);
    expect(heads("aw@1 flow")).toEqual([]);
  });
  it("a runner before another program is not an invocation", () => {
    expect(heads("npx other aw")).toEqual([]);
    expect(heads("npm install aw")).toEqual([]);
    expect(heads("pnpm add aw")).toEqual([]);
  });
});

describe("what else runs a binary: its package after a fetching runner, its bin file after node", () => {
  const bins = new Set(["aw"]);
  const runners = {
    packages: new Map([["@acme/cli", "aw"]]),
    node: (p: string) => (p.replace(/^\.\//, "") === "bin/aw.js" ? "aw" : null),
  };
  const heads = (src: string, r: typeof runners | null = runners) =>
    parseInvocations(src, bins, r ?? undefined).map((x) => `${x.binary}:${src.slice(x.start, x.end)}`);
  it("`npx @acme/cli`, `pnpm dlx`, `yarn dlx`, `bunx`, `npm exec`, with a version, run the binary; the package word is its head", () => {
    expect(heads("npx @acme/cli flow --json")).toEqual(["aw:@acme/cli flow --json"]);
    expect(heads("npx -y @acme/cli@latest flow")).toEqual(["aw:@acme/cli@latest flow"]);
    expect(heads("pnpm dlx @acme/cli x")).toEqual(["aw:@acme/cli x"]);
    expect(heads("yarn dlx @acme/cli x")).toEqual(["aw:@acme/cli x"]);
    expect(heads("bunx @acme/cli x")).toEqual(["aw:@acme/cli x"]);
    expect(heads("npm exec -- @acme/cli x")).toEqual(["aw:@acme/cli x"]);
    const [inv] = parseInvocations("npx @acme/cli flow --json", bins, runners);
    expect(inv.tokens.map((t) => t.text)).toEqual(["flow", "--json"]);
  });
  it("`node ./bin/aw.js` (node's own flags first allowed) runs the binary", () => {
    expect(heads("node ./bin/aw.js flow --json")).toEqual(["aw:./bin/aw.js flow --json"]);
    expect(heads("node --inspect bin/aw.js flow")).toEqual(["aw:bin/aw.js flow"]);
    expect(heads("FOO=1 node bin/aw.js x | jq .")).toEqual(["aw:bin/aw.js x"]);
  });
  it("a package only named to run, a local-bin runner, `npx -p`, another file or a flag's value are not the binary", () => {
    expect(heads("@acme/cli flow")).toEqual([]);
    expect(heads("pnpm exec @acme/cli flow")).toEqual([]);
    expect(heads("yarn @acme/cli flow")).toEqual([]);
    expect(heads("npx -p @acme/cli other flow")).toEqual([]);
    expect(heads("npm install @acme/cli")).toEqual([]);
    expect(heads("node ./scripts/build.js flow")).toEqual([]);
    expect(heads("node -r bin/aw.js test.js")).toEqual([]);
    expect(heads("node -e bin/aw.js")).toEqual([]);
  });
  it("without runners, neither is an invocation", () => {
    expect(heads("npx @acme/cli flow", null)).toEqual([]);
    expect(heads("node ./bin/aw.js flow", null)).toEqual([]);
  });
});

describe("initializers: `npm create x` runs the package `create-x`", () => {
  const bins = new Set(["create-app", "app"]);
  const runners = { packages: new Map([["@acme/create-kit", "create-kit"]]), node: () => null };
  const args = (src: string) =>
    parseInvocations(src, new Set([...bins, "create-kit"]), runners).map((x) => `${x.binary}:${x.tokens.map((t) => t.text).join(" ")}`);
  it("npm create/init, yarn/pnpm/bun create and `deno init --npm` run the initializer with what follows", () => {
    expect(args("npm create app@latest my-app -- --template vue")).toEqual(["create-app:my-app --template vue"]);
    expect(args("npm init app")).toEqual(["create-app:"]);
    expect(args("yarn create app my-app --template vue")).toEqual(["create-app:my-app --template vue"]);
    expect(args("pnpm create app my-app --template vue")).toEqual(["create-app:my-app --template vue"]);
    expect(args("bun create app")).toEqual(["create-app:"]);
    expect(args("deno init --npm app my-app --template vue")).toEqual(["create-app:my-app --template vue"]);
    // A scoped name: `@acme/kit` runs `@acme/create-kit`, which declares `create-kit`.
    expect(args("npm init @acme/kit x")).toEqual(["create-kit:x"]);
    // Only npm's first separator is its own; a later one is the initializer's.
    expect(args("npm create app -- a -- --b")).toEqual(["create-app:a -- --b"]);
    expect(args("yarn create app -- --b")).toEqual(["create-app:-- --b"]);
  });
  it("an initializer that is not one of the binaries, `npm init` alone, `deno init` without --npm and `x` itself are not `create-x`", () => {
    expect(args("npm create other my-app")).toEqual([]);
    expect(args("npm init -y")).toEqual([]);
    expect(args("deno init app")).toEqual([]);
    expect(args("npm create app")).toEqual(["create-app:"]);
    expect(args("app dev --port 3")).toEqual(["app:dev --port 3"]);
  });
  it("names the initializer package as npm does", () => {
    expect(initializerPackage("vite")).toBe("create-vite");
    expect(initializerPackage("@s/app")).toBe("@s/create-app");
    expect(initializerPackage("@s")).toBe("@s/create");
  });
});
