/** SARIF output, validated against the official SARIF 2.1.0 schema (shipped by @microsoft/jest-sarif). */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { formatReport } from "../../compiler/cli/format.js";
import type { Diagnostic } from "../../compiler/model/diagnostic.js";
import { makeReport } from "../../compiler/report/report.js";
import { pathToUri, toSarif } from "../../compiler/report/sarif.js";
import { rules } from "../../compiler/rules/index.js";
import { fingerprint } from "../../compiler/gate/fingerprint.js";
import { entryOf } from "../../compiler/gate/baseline-file.js";
import { gate } from "../../compiler/gate/gate.js";

const require = createRequire(import.meta.url);
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * The package's schema is the OASIS 2.1.0 schema in draft-04 form. Its only
 * draft-04-specific keyword is the root `id`; with that renamed to `$id` it
 * compiles under Ajv's default draft-07 dialect unchanged.
 */
function sarifValidator() {
  const schema = JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8")) as Record<string, unknown>;
  delete schema.$schema;
  schema.$id = schema.id;
  delete schema.id;
  // The schema's `language` pattern is not a valid Unicode-mode regex; JSON Schema patterns are ECMA-262 without the u flag.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

const TEXT = "# Title\r\n\r\nUse `aw flow advnace` here.\r\n";

const diagnostics: Diagnostic[] = [
  {
    rule: "delegation/no-owner",
    severity: "error",
    message: 'delegation note "x" names no CLI invocation that owns it',
    file: "docs/a b#1.md",
    line: 3,
    column: 5,
    endLine: 3,
    endColumn: 22,
    suggestion: 'did you mean "aw flow advance"?',
    related: [{ file: "src/flow.ts", line: 4, column: 3, message: "declared here" }],
    fix: { description: "rename", file: "docs/a b#1.md", edits: [{ start: 24, end: 31, text: "advance" }] },
  },
  { rule: "no/such-rule", severity: "warning", message: "from elsewhere", file: "x.md", line: 1, column: 1, endLine: 1, endColumn: 1 },
];

function sarif(getText: (f: string) => string | undefined = (f) => (f === "docs/a b#1.md" ? TEXT : undefined)) {
  return toSarif({ diagnostics, rules: rules.map((r) => r.meta), version: "9.9.9", getText }) as any;
}

describe("SARIF reporter", () => {
  it("validates against the SARIF 2.1.0 schema", () => {
    const validate = sarifValidator();
    const log = sarif();
    const ok = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    // And without file texts (fix regions by offset).
    expect(validate(sarif(() => undefined))).toBe(true);
  });

  it("the validator rejects a broken log (the test can fail)", () => {
    const validate = sarifValidator();
    const log = sarif();
    log.runs[0].results[0].level = "fatal";
    expect(validate(log)).toBe(false);
  });

  it("describes the tool and every rule, with explain's help text", () => {
    const run = sarif().runs[0];
    expect(run.tool.driver.name).toBe("docpact");
    expect(run.tool.driver.version).toBe("9.9.9");
    const ids = run.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toContain("delegation/no-owner");
    const rule = run.tool.driver.rules[ids.indexOf("delegation/no-owner")];
    expect(rule.defaultConfiguration.level).toBe("error");
    expect(rule.help.text).toContain("delegation/no-owner (default: error");
    expect(rule.shortDescription.text.length).toBeGreaterThan(0);
  });

  it("maps results: ruleIndex, level, location, related location and fix", () => {
    const run = sarif().runs[0];
    const [r, other] = run.results;
    expect(run.tool.driver.rules[r.ruleIndex].id).toBe("delegation/no-owner");
    expect(r.level).toBe("error");
    expect(r.message.text).toContain('did you mean "aw flow advance"?');
    expect(r.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: "docs/a%20b%231.md", uriBaseId: "%SRCROOT%" },
      region: { startLine: 3, startColumn: 5, endLine: 3, endColumn: 22 },
    });
    expect(r.relatedLocations[0]).toEqual({
      id: 0,
      physicalLocation: { artifactLocation: { uri: "src/flow.ts", uriBaseId: "%SRCROOT%" }, region: { startLine: 3 + 1, startColumn: 3 } },
      message: { text: "declared here" },
    });
    // Offsets 24..31 in the CRLF text are line 3, columns 14..21.
    expect(r.fixes[0].artifactChanges[0].replacements[0]).toEqual({
      deletedRegion: { startLine: 3, startColumn: 14, endLine: 3, endColumn: 21 },
      insertedContent: { text: "advance" },
    });
    expect(other.ruleIndex).toBeUndefined();
    expect(other.level).toBe("warning");
  });

  it("is deterministic and has no absolute paths", () => {
    const a = JSON.stringify(sarif());
    expect(a).toBe(JSON.stringify(sarif()));
    expect(a).not.toContain(process.cwd());
  });

  it("formatReport --format sarif carries fixes from the raw diagnostics", () => {
    const report = makeReport(diagnostics, { docs: 1, schemas: 0, code: 0 }, 5);
    const withFix = JSON.parse(formatReport(report, "sarif", { root: "/nonexistent", color: false, diagnostics, rules: rules.map((r) => r.meta) }));
    expect(withFix.runs[0].results[0].fixes).toHaveLength(1);
    const noFix = JSON.parse(formatReport(report, "sarif", { root: "/nonexistent", color: false, rules: rules.map((r) => r.meta) }));
    expect(noFix.runs[0].results[0].fixes).toBeUndefined();
    expect(sarifValidator()(withFix)).toBe(true);
  });

  it("with a baseline: partialFingerprints and baselineState new / unchanged / absent, still valid SARIF", () => {
    const getText = (f: string) => (f === "docs/a b#1.md" ? TEXT : undefined);
    const known = fingerprint([diagnostics[1]], getText).map(entryOf);
    const gone = { rule: "cli/unknown-flag", file: "docs/old.md", fingerprint: "0123456789abcdef", token: "--old", message: "unknown flag --old" };
    const g = gate(diagnostics, getText, { baseline: { file: "b.json", content: { version: 1, findings: [...known, gone] } } });
    const log = toSarif({ diagnostics, rules: rules.map((r) => r.meta), version: "9.9.9", getText, gate: g }) as any;
    const results = log.runs[0].results;
    expect(results.map((r: any) => r.baselineState)).toEqual(["new", "unchanged", "absent"]);
    expect(results[1].partialFingerprints).toEqual({ "docpactFingerprint/v1": known[0].fingerprint });
    expect(results[2]).toMatchObject({
      ruleId: "cli/unknown-flag",
      kind: "pass",
      level: "none",
      partialFingerprints: { "docpactFingerprint/v1": "0123456789abcdef" },
    });
    const validate = sarifValidator();
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    // Without a gate: fingerprints, no states.
    const plain = sarif().runs[0].results;
    expect(plain[0].partialFingerprints["docpactFingerprint/v1"]).toMatch(/^[0-9a-f]{16}$/);
    expect(plain[0].baselineState).toBeUndefined();
  });

  it("pathToUri encodes each segment", () => {
    expect(pathToUri("a b/c?d/é.md")).toBe("a%20b/c%3Fd/%C3%A9.md");
  });
});
