import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { globSync } from "tinyglobby";
import { describe, expect, test } from "vitest";
import type { CommandDecl } from "../../compiler/model/types.js";
import { isProblem, readSource } from "../../compiler/read.js";
import { type CodeFacts, readCode } from "../../compiler/readers/code.js";

const fixtures = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** Texts as the read stage decodes them, and the files it cannot read. */
function readSources(root: string, files: string[]): { texts: Map<string, string>; problems: { message: string; span: unknown }[] } {
  const texts = new Map<string, string>();
  const problems: { message: string; span: unknown }[] = [];
  for (const f of files) {
    const src = readSource(root, f);
    if (isProblem(src)) problems.push({ message: src.message, span: src.span });
    else texts.set(f, src.text);
  }
  return { texts, problems };
}

function read(name: string, opts: Partial<{ commandType: string | null; flagAccessors: string[]; root: string }> = {}): CodeFacts {
  const root = opts.root ?? join(fixtures, name);
  const files = globSync(["**/*.ts"], { cwd: root }).sort();
  return readCode(
    root,
    files,
    { binaries: ["aw"], commandType: opts.commandType ?? null, flagAccessors: opts.flagAccessors ?? [] },
    readSources(root, files).texts,
  );
}

/** Compact view: path → [verbs, flags, via, file:line:col]. */
function table(commands: CommandDecl[]): Record<string, [string[] | null, string[] | null, string, string]> {
  return Object.fromEntries(commands.map((c) => [c.path.join(" "), [c.verbs, c.flags, c.via, `${c.span.file}:${c.span.line}:${c.span.column}`]]));
}

describe("command surface", () => {
  test("objects of the command type: annotated, satisfies, as, arrays, typed parameters, factories, nested, as-const verbs", () => {
    const { surface, problems } = read("code-command-type", { commandType: "CliCommand" });
    expect(problems).toEqual([]);
    expect(table(surface.commands)).toEqual({
      agent: [["kill", "spawn"], ["--json"], "factory", "src/factory.ts:9:15"],
      doctor: [null, ["--fix-all", "--verbose", "-v"], "command-type", "src/main.ts:3:18"],
      flow: [["advance", "reset", "status"], ["--dry-run", "--json", "-n"], "command-type", "src/flow.ts:6:9"],
      inbox: [["list", "read"], null, "command-type", "src/main.ts:6:9"],
      "inbox list": [null, ["--unread"], "command-type", "src/main.ts:8:13"],
      "inbox read": [null, null, "command-type", "src/main.ts:9:13"],
      init: [null, null, "command-type", "src/factory.ts:10:11"],
      legacy: [null, null, "command-type", "src/main.ts:13:31"],
      session: [["close", "open"], ["--json"], "factory", "src/factory.ts:8:15"],
    });
    // Sorted by path; the untyped `{ name: "ghost" }` object is not a command.
    expect(surface.commands.map((c) => c.path.join(" "))).toEqual([
      "agent",
      "doctor",
      "flow",
      "inbox",
      "inbox list",
      "inbox read",
      "init",
      "legacy",
      "session",
    ]);
    expect(surface.globalFlags).toEqual(["--dry-run", "--fix-all", "--format", "--json", "--trace", "--unread", "--verbose", "-n", "-v"]);
  });

  test("the command type is auto-detected when not configured (an interface named *Command with name + verbs/flags/run)", () => {
    const configured = read("code-command-type", { commandType: "CliCommand" });
    const detected = read("code-command-type", { commandType: null });
    expect(detected.surface).toEqual(configured.surface);
  });

  test("a configured type that is not used finds no command objects", () => {
    const { surface } = read("code-command-type", { commandType: "NoSuchType" });
    expect(surface.commands).toEqual([]);
    expect(surface.warnings.map((w) => w.message)).toEqual([
      "the configured command type `NoSuchType` (cli.commandType) matches no command object in the code",
    ]);
  });

  test("commander chains: nested commands, variables, new Command, options; program options live on the root and are inherited", () => {
    const { surface } = read("code-commander");
    expect(table(surface.commands)).toEqual({
      "": [["close", "flow", "help", "inbox", "session"], ["--verbose", "-v"], "chain", "src/cli.ts:3:17"],
      close: [null, ["--force", "--reason", "-f"], "chain", "src/cli.ts:7:12"],
      flow: [["advance", "help", "status"], [], "chain", "src/cli.ts:13:30"],
      "flow advance": [null, ["--json"], "chain", "src/cli.ts:14:14"],
      "flow status": [null, [], "chain", "src/cli.ts:15:14"],
      inbox: [["help", "list"], [], "chain", "src/cli.ts:17:17"],
      "inbox list": [null, ["--unread", "-u"], "chain", "src/cli.ts:17:34"],
      session: [["help", "open"], [], "chain", "src/cli.ts:20:27"],
      "session open": [null, ["--name"], "chain", "src/cli.ts:21:15"],
      // commander's implicit `help [command]` under every command with sub-commands, declared where its parent is.
      help: [null, [], "chain", "src/cli.ts:3:17"],
      "flow help": [null, [], "chain", "src/cli.ts:13:30"],
      "inbox help": [null, [], "chain", "src/cli.ts:17:17"],
      "session help": [null, [], "chain", "src/cli.ts:20:27"],
    });
    const root = surface.commands.find((c) => c.path.length === 0)!;
    expect(root.options.every((f) => f.inherited)).toBe(true);
    expect(surface.commands.find((c) => c.path.join(" ") === "close")!.options.find((f) => f.long === "--reason")!.arity).toBe("value");
    expect(surface.globalFlags).toEqual(["--force", "--json", "--name", "--reason", "--unread", "--verbose", "-f", "-u", "-v"]);
  });

  test("yargs chains: builder callbacks and objects, object-form commands, root options", () => {
    const { surface } = read("code-yargs");
    expect(table(surface.commands)).toEqual({
      "": [["get", "remote", "serve"], ["--verbose", "-v"], "chain", "src/cli.ts:4:1"],
      get: [null, ["--raw", "-r"], "chain", "src/cli.ts:6:12"],
      remote: [["add"], [], "chain", "src/cli.ts:7:23"],
      "remote add": [null, [], "chain", "src/cli.ts:7:80"],
      serve: [null, ["--host", "-H"], "chain", "src/cli.ts:5:12"],
    });
    expect(surface.commands.find((c) => c.path.join(" ") === "serve")!.syntax).toEqual({ camelKebab: true, negateBooleans: true, dotted: true });
    expect(surface.globalFlags).toEqual(["--host", "--raw", "--verbose", "-H", "-r", "-v"]);
  });

  test("cac chains: the default command (`[...files]`) is the root, with its positionals and the CLI's options", () => {
    const { surface } = read("code-cac");
    expect(table(surface.commands)).toEqual({
      "": [["build"], ["--config"], "chain", "src/cli.ts:6:13"],
      build: [null, ["--minify", "--watch", "-w"], "chain", "src/cli.ts:5:13"],
    });
    const root = surface.commands[0];
    expect(root.isDefault).toBe(true);
    expect(root.positionals).toEqual([{ name: "files", required: false, variadic: true }]);
  });

  test("@docpact-command JSDoc tags (with @docpact-flags / @docpact-verbs) and flag accessors", () => {
    const { surface } = read("code-jsdoc", { flagAccessors: ["get"] });
    expect(table(surface.commands)).toEqual({
      "flow advance": [null, ["--force", "--json"], "jsdoc", "src/handlers.ts:6:17"],
      "flow rewind": [["hard", "soft"], null, "jsdoc", "src/handlers.ts:16:3"],
      report: [null, null, "jsdoc", "src/handlers.ts:9:14"],
    });
    // values.get("code") → --code, values.get("x") → -x.
    expect(surface.globalFlags).toEqual(["--code", "--force", "--json", "-x"]);
    expect(read("code-jsdoc").surface.globalFlags).toEqual(["--force", "--json"]);
    // A dotted accessor compares the whole callee tail; one that matches no call is a warning.
    expect(read("code-jsdoc", { flagAccessors: ["values.get"] }).surface.globalFlags).toEqual(["--code", "--force", "--json", "-x"]);
    expect(read("code-jsdoc", { flagAccessors: ["args.get"] }).surface.warnings.map((w) => w.message)).toEqual([
      "the configured flag accessor `args.get` (cli.flagAccessors) matches no call in the code",
    ]);
  });
});

describe("flag accessors with a name that is not a literal", () => {
  const surfaceOf = (code: string) => {
    const root = mkdtempSync(join(tmpdir(), "docpact-accessor-"));
    writeFileSync(join(root, "cli.ts"), code);
    return read("", { root, flagAccessors: ["flag"] }).surface;
  };

  test("a loop variable takes every name of the list it walks; a list that does not evaluate opens the set", () => {
    const known = surfaceOf(
      'const LAYERS = ["code", "docs"] as const;\nfor (const layer of LAYERS) flag(layer);\nexport function flag(name: string) { return name; }\n',
    );
    expect(known.globalFlags).toEqual(["--code", "--docs"]);
    expect(known.globalFlagSet.closed).toBe(true);
    const unknown = surfaceOf('for (const layer of process.env.LAYERS!.split(",")) flag(layer);\nexport function flag(name: string) { return name; }\n');
    expect(unknown.globalFlagSet.closed).toBe(false);
    expect(unknown.globalFlagSet.closed ? "" : unknown.globalFlagSet.reason).toContain("`layer` is a loop variable over `process.env.LAYERS!.split");
  });

  test("a run-time name after the parsed values (`flag(values, name)`) opens the set", () => {
    const s = surfaceOf(
      "declare const values: Record<string, string>;\nexport function run(opts: { key: string }) { return flag(values, opts.key); }\nfunction flag(v: unknown, n: string) { return [v, n]; }\n",
    );
    expect(s.globalFlagSet.closed).toBe(false);
  });
});

describe("bad input", () => {
  test("a syntax error is one problem at the first parse diagnostic; the rest is still read", () => {
    const { surface, problems, vocabularies } = read("code-syntax-error");
    expect(problems).toEqual([{ message: "syntax error: ':' expected.", span: { file: "src/bad.ts", line: 4, column: 10, endLine: 4, endColumn: 11 } }]);
    expect(surface.globalFlags).toEqual(["--after", "--fine"]);
    expect(vocabularies.map((v) => v.id)).toEqual(["code:src/good.ts#EVENTS"]);
  });

  test("a missing file is a read problem (input/unreadable), not a throw; the reader skips it", () => {
    const root = join(fixtures, "code-syntax-error");
    const sources = readSources(root, ["src/missing.ts", "src/good.ts"]);
    expect(sources.problems).toEqual([
      { message: "cannot read src/missing.ts: ENOENT", span: { file: "src/missing.ts", line: 1, column: 1, endLine: 1, endColumn: 1 } },
    ]);
    const r = readCode(root, ["src/missing.ts", "src/good.ts"], { binaries: [], commandType: null, flagAccessors: [] }, sources.texts);
    expect(r.problems).toEqual([]);
    expect(r.vocabularies).toHaveLength(1);
  });

  test("CRLF and a BOM give the same facts as LF", () => {
    const lf = read("code-commander");
    const dir = mkdtempSync(join(tmpdir(), "docpact-code-"));
    cpSync(join(fixtures, "code-commander"), dir, { recursive: true });
    const f = join(dir, "src/cli.ts");
    writeFileSync(f, "\uFEFF" + readFileSync(f, "utf8").replace(/\n/g, "\r\n"));
    expect(read("", { root: dir })).toEqual(lf);
  });
});

describe("code vocabularies", () => {
  test("as-const arrays, string unions and string enums with deprecations and mirrors", () => {
    const { vocabularies } = read("code-vocab");
    const view = vocabularies.map((v) => ({
      id: v.id,
      name: v.name,
      at: `${v.span.line}:${v.span.column}`,
      mirrors: v.mirrors,
      members: v.members.map(
        (m) => `${m.value}${m.deprecated ? ` (deprecated${m.replacedBy ? ` → ${m.replacedBy}` : ""})` : ""} @${m.span.line}:${m.span.column}`,
      ),
    }));
    expect(view).toEqual([
      { id: "code:src/events/run.ts#ALSO", name: "ALSO", at: "12:14", mirrors: undefined, members: ["a.one @12:22", "a.two @12:31"] },
      {
        id: "code:src/events/run.ts#Level",
        name: "Level",
        at: "24:13",
        mirrors: undefined,
        members: ["info @25:3", "warn (deprecated → warning) @27:3", "warning @28:3"],
      },
      { id: "code:src/events/run.ts#Outcome", name: "Outcome", at: "20:6", mirrors: undefined, members: ["ok @20:16", "failed @20:23", "refused @20:34"] },
      {
        id: "code:src/events/run.ts#RUN_EVENTS",
        name: "RUN_EVENTS",
        at: "5:14",
        mirrors: "schemas/events.schema.json#/$defs/runEvent",
        members: ["run.started @6:3", "run.finished @7:3", "run.done (deprecated → run.finished) @9:3"],
      },
    ]);
    for (const v of vocabularies) expect(v.kind).toBe("code");
  });

  test("test code declares no vocabulary: a __tests__ folder and a *.spec.ts file are read for nothing else", async () => {
    const { isTestPath } = await import("../../compiler/util/test-paths.js");
    // The fixture's src/__tests__/asides.ts and src/events/run.spec.ts hold an as-const array and a union.
    expect(read("code-vocab").vocabularies.map((v) => v.id)).not.toContainEqual(expect.stringMatching(/__tests__|\.spec\./));
    expect(["src/__tests__/a.ts", "test/x.ts", "src/x.test.mts", "pkg/fixtures/y.ts", "a.spec.js"].map(isTestPath)).toEqual([true, true, true, true, true]);
    expect(["src/testing.ts", "src/spec-loader.ts", "tests.ts", "src/latest/x.ts"].map(isTestPath)).toEqual([false, false, false, false]);
  });
});
