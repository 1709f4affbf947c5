/** The harness's planted flag: the fence lands where `plant` says, and the outcome reads the report. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the harness, no types
import { PLANTED, plant, plantedBinary, plantedDocument, plantedOutcome } from "../../scripts/eval/planted.mjs";

describe("eval planted flag", () => {
  it("plants the fence at the line it returns, with or without a final newline", () => {
    for (const before of ["# Tool\n\nRun it.\n", "# Tool\n\nRun it.", ""]) {
      const root = mkdtempSync(join(tmpdir(), "docpact-planted-"));
      writeFileSync(join(root, "README.md"), before);
      const line = plant(root, "README.md", "tool");
      expect(readFileSync(join(root, "README.md"), "utf8").split("\n")[line - 1], JSON.stringify(before)).toBe(`tool ${PLANTED}`);
    }
  });

  it("picks the package's own binary, else the first; the root README, else the first document", () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-planted-"));
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "@acme/tool", bin: { zed: "z.js", tool: "t.js" } }));
    expect(plantedBinary(root, undefined)).toBe("tool");
    expect(plantedBinary(root, { cli: { binaries: ["b", "a"] } })).toBe("a");
    expect(plantedBinary(root, { cli: { binaries: ["create-config", "knip"] } }, "knip")).toBe("knip");
    expect(plantedDocument(["docs/a.md", "README.md"])).toBe("README.md");
    expect(plantedDocument(["docs/a.md"])).toBe("docs/a.md");
  });

  it("reported at the line, else unread when cli/unread names the binary, else silent", () => {
    const flag = { rule: "cli/unknown-flag", file: "README.md", line: 7, message: "unknown flag" };
    const unread = { rule: "cli/unread", file: "README.md", line: 2, message: "no CLI reader understood `tool`" };
    expect(plantedOutcome([flag], "README.md", 7, "tool")).toBe("reported");
    expect(plantedOutcome([unread], "README.md", 7, "tool")).toBe("unread (cli/unread warns)");
    expect(plantedOutcome([{ ...flag, line: 3 }], "README.md", 7, "tool")).toBe("silent, not counted");
    const nj = (n: number) => ({ total: n, byRule: { "cli/unknown-flag": { total: n, reasons: { "open flag set: strict: false": n } } } });
    expect(plantedOutcome([], "README.md", 7, "tool", nj(3), nj(2))).toBe("silent, counted not judged (cli/unknown-flag: open flag set: strict: false)");
  });
});
