/**
 * End-to-end: findings reach the report by one route. Each case is a defect
 * issue 11 fixed — a fact dropped between a stage and the rules.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../helpers/cli.js";

interface JsonReport {
  diagnostics: { rule: string; file: string; line: number; column: number; message: string; suggestion?: string; suggestions?: string[] }[];
}

function project(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-route-"));
  for (const [f, c] of Object.entries(files)) {
    mkdirSync(join(root, f, ".."), { recursive: true });
    writeFileSync(join(root, f), c);
  }
  return root;
}

const replacedByUnknown = JSON.stringify(
  {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: {
      kind: {
        enum: ["run.started", "run.done", "run.finished"],
        "x-deprecated": ["run.done"],
        "x-replaced-by": { "run.done": "run.complete" },
      },
    },
  },
  null,
  2,
);

describe("emitter facts become diagnostics", () => {
  for (const generate of [false, true]) {
    it(`an x-replaced-by naming no member is schema/invalid in check and build (generate ${generate ? "on" : "off"})`, async () => {
      const root = project({
        "docpact.config.json": JSON.stringify(generate ? { generate: { outDir: "generated" } } : {}),
        "schemas/event.schema.json": replacedByUnknown,
      });
      for (const cmd of ["check", "build"]) {
        const r = await runCliInProcess([cmd, "--root", root, "--format", "json"]);
        expect(r.stderr).toBe("");
        expect(r.status).toBe(1);
        const report = JSON.parse(r.stdout) as JsonReport;
        const found = report.diagnostics.filter((d) => d.rule === "schema/invalid");
        expect(found).toHaveLength(1);
        expect(found[0]).toMatchObject({ file: "schemas/event.schema.json" });
        expect(found[0].message).toContain('x-replaced-by of "run.done" names "run.complete"');
      }
    });
  }
});

describe("config rules", () => {
  it("an unknown rule id is a config error: exit 2, one line, with a did-you-mean", async () => {
    const root = project({ "docpact.config.json": JSON.stringify({ rules: { "cli/unknwn-flag": "off" } }) });
    const r = await runCliInProcess(["check", "--root", root]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain('docpact.config.json: /rules/cli~1unknwn-flag: unknown rule "cli/unknwn-flag"; did you mean "cli/unknown-flag"?');
  });
});

describe("code files are read like documents", () => {
  it("a .ts file that is not UTF-8 is input/unreadable, like a .md", async () => {
    const root = project({
      "package.json": JSON.stringify({ name: "x", bin: { aw: "x.js" } }),
      "tsconfig.json": JSON.stringify({ include: ["src"] }),
      "src/good.ts": 'export const EVENTS = ["a.b", "a.c"] as const;\n',
      "src/bad.ts": Buffer.from([0x65, 0x78, 0xff, 0xfe, 0x20, 0x62, 0x0a]),
      "c.md": Buffer.from([0xff, 0xfe, 0x20, 0x62]),
    });
    const r = await runCliInProcess(["check", "--root", root, "--format", "json"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.diagnostics.map((d) => [d.rule, d.file, d.message])).toEqual([
      ["input/unreadable", "c.md", "c.md is not UTF-8 text"],
      ["input/unreadable", "src/bad.ts", "src/bad.ts is not UTF-8 text"],
    ]);
  });
});
