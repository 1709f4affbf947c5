import { describe, expect, it } from "vitest";
import { check } from "../../../compiler/api.js";
import { writeProject } from "../../helpers/cli.js";
import { cliErrors } from "./helpers.js";

describe("parse-args reader: node:util parseArgs", () => {
  it("valid invocations stay quiet; drift in docs/invalid.md is reported", async () => {
    expect(await cliErrors("cli-parseargs")).toEqual([
      "docs/invalid.md:3 cli/unknown-flag unknown flag `--wacth` for `tool`",
      "docs/invalid.md:4 cli/unknown-flag unknown flag `--no-watch` for `tool`",
    ]);
  });

  it("a renamed flag or command in the code is caught where the docs use the old name", async () => {
    const errors = await cliErrors("cli-parseargs", [{ file: "src/cli.ts", find: 'short: "w"', replace: 'short: "W"' }]);
    expect(errors).toContain("docs/valid.md:4 cli/unknown-flag unknown flag `-w` for `tool`");
  });

  it("what it cannot read opens the set instead of guessing (`strict: false` accepts any flag)", async () => {
    const errors = await cliErrors("cli-parseargs", [
      { file: "src/cli.ts", find: "allowPositionals: true,", replace: "allowPositionals: true,\n  strict: false," },
    ]);
    expect(errors.filter((e) => e.includes("unknown-flag"))).toEqual([]);
  });
});

describe("parse-args reader: partial option tables", () => {
  const project = (cli: string) =>
    writeProject({
      "package.json": JSON.stringify({ name: "tool", bin: { tool: "dist/cli.js" } }),
      "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"], schemas: [], code: { include: ["src/**/*.ts"] } }),
      "src/cli.ts": cli,
      "docs/guide.md": "# Guide\n\nRun `tool --watch`, `tool --out x`, `tool --nope` and `tool -w`.\n",
    });
  const flagsOf = async (cli: string) => {
    const r = await check({ root: project(cli) });
    return {
      errors: r.diagnostics.filter((d) => d.severity === "error").map((d) => d.message),
      coverage: r.summary.coverage?.flags,
      reasons: Object.keys(r.summary.notJudged?.byRule["cli/unknown-flag"]?.reasons ?? {}),
    };
  };

  it("`strict: false`: the declared options are judged known, any other flag is not judged", async () => {
    const r = await flagsOf(
      'import { parseArgs } from "node:util";\nparseArgs({ options: { watch: { type: "boolean", short: "w" }, out: { type: "string" } }, strict: false });\n',
    );
    expect(r.errors).toEqual([]);
    expect(r.coverage).toMatchObject({ found: 4, judged: 3, notJudged: 1 });
    expect(r.reasons).toEqual(["open flag set: `strict: false` accepts any flag"]);
  });

  it("options built by a factory that adds run-time names in a loop: the names it surely has are judged, the rest not", async () => {
    const r = await flagsOf(
      [
        'import { parseArgs } from "node:util";',
        'const KNOWN = { watch: { type: "boolean", short: "w" }, out: { type: "string" } } as const;',
        "function optionsFor(extra: string[]) {",
        "  const options: Record<string, object> = { ...KNOWN };",
        '  extra.forEach((name) => { options[name] = { type: "boolean" }; });',
        "  return options;",
        "}",
        "export function main(argv: string[]) {",
        '  return parseArgs({ args: argv, options: optionsFor(argv.filter((a) => a.startsWith("--node-"))) });',
        "}",
        "main(process.argv.slice(2));",
      ].join("\n"),
    );
    expect(r.errors).toEqual([]);
    // --watch and --out judged; --nope and -w (its short name is a value the loop may have changed) not.
    expect(r.coverage).toMatchObject({ found: 4, judged: 2, notJudged: 2 });
    expect(r.reasons[0]).toMatch(/^open flag set: `options` is not known completely \(properties set in a loop over a value docpact does not evaluate/);
  });
});
