/**
 * `--format sarif`: a SARIF 2.1.0 log with one run. The driver lists every
 * rule of the catalogue (help text = `docpact explain`); each diagnostic is a
 * result with a physical location relative to `%SRCROOT%`, its related
 * locations and, where it carries one, its fix. Paths stay relative (no
 * absolute root in the output) so the log is the same on every machine.
 */
import { by } from "../util/compare.js";
import type { Diagnostic, Fix, RelatedLocation, Span } from "../model/diagnostic.js";
import type { RuleMeta } from "../rules/types.js";
import { LineIndex } from "../util/text.js";
import { explainText } from "./explain.js";
import { fingerprint } from "../gate/fingerprint.js";
import type { GateResult } from "../gate/gate.js";

/** The `partialFingerprints` key: rule + file + offending token + normalized line text (compiler/gate/fingerprint.ts). */
export const FINGERPRINT_KEY = "docpactFingerprint/v1";

export const SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";
const SRCROOT = "%SRCROOT%";

export interface SarifInput {
  /** The run's diagnostics, with fixes (offsets; the JSON report gives them positions too). */
  diagnostics: Diagnostic[];
  /** The rule catalogue. */
  rules: RuleMeta[];
  version: string;
  /** A file's text (BOM removed), to turn fix offsets into regions; undefined when unavailable. */
  getText(file: string): string | undefined;
  /**
   * The run's gate. When a baseline or `--since` took part, every finding is a
   * result with `baselineState` (`new` / `unchanged`), and baseline entries that
   * match nothing are `absent` results. Without it fingerprints are computed here.
   */
  gate?: GateResult;
}

interface SarifRegion {
  startLine: number;
  startColumn: number;
  endLine?: number;
  endColumn?: number;
  charOffset?: number;
  charLength?: number;
}

/** Builds the SARIF log object (see formatSarif for the text). */
export function toSarif(input: SarifInput): Record<string, unknown> {
  const rules = [...input.rules].sort(by((r) => r.id));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const lines = new Map<string, LineIndex | undefined>();
  const lineIndex = (file: string) => {
    if (!lines.has(file)) {
      const text = input.getText(file);
      lines.set(file, text === undefined ? undefined : new LineIndex(text));
    }
    return lines.get(file);
  };
  return {
    $schema: SARIF_SCHEMA_URI,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "docpact",
            version: input.version,
            informationUri: "https://www.npmjs.com/package/docpact",
            rules: rules.map(ruleDescriptor),
          },
        },
        columnKind: "utf16CodeUnits",
        results: [...results(input)]
          .map(({ d, fp, state }) => {
            const result: Record<string, unknown> = {
              ruleId: d.rule,
              level: d.severity,
              message: { text: d.suggestion !== undefined ? `${d.message} (${d.suggestion})` : d.message },
              locations: [{ physicalLocation: physical(d.file, spanRegion(d)) }],
            };
            const i = index.get(d.rule);
            if (i !== undefined) result.ruleIndex = i;
            if (d.related?.length) result.relatedLocations = d.related.map(relatedLocation);
            if (d.fix) result.fixes = [sarifFix(d.fix, lineIndex(d.fix.file))];
            result.partialFingerprints = { [FINGERPRINT_KEY]: fp };
            if (state) result.baselineState = state;
            return result;
          })
          .concat(
            (input.gate?.active ? input.gate.absent : []).map((e) => ({
              ruleId: e.rule,
              ...(index.has(e.rule) ? { ruleIndex: index.get(e.rule) } : {}),
              kind: "pass",
              level: "none",
              message: { text: `fixed since the baseline: ${e.message || e.token}` },
              locations: [{ physicalLocation: { artifactLocation: { uri: pathToUri(e.file), uriBaseId: SRCROOT } } }],
              partialFingerprints: { [FINGERPRINT_KEY]: e.fingerprint },
              baselineState: "absent",
            })),
          ),
      },
    ],
  };
}

/** Each finding with its fingerprint and, when a baseline or `--since` took part, its state. */
function results(input: SarifInput): { d: Diagnostic; fp: string; state?: "new" | "unchanged" }[] {
  const g = input.gate;
  if (g?.active) return g.states.map((s) => ({ d: s.diagnostic, fp: s.fingerprint, state: s.state }));
  const known = new Map(g?.states.map((s) => [s.diagnostic, s.fingerprint]));
  const prints = known.size > 0 ? null : fingerprint(input.diagnostics, input.getText);
  return input.diagnostics.map((d, i) => ({ d, fp: known.get(d) ?? prints?.[i].fingerprint ?? "" }));
}

export function formatSarif(input: SarifInput): string {
  return `${JSON.stringify(toSarif(input), null, 2)}\n`;
}

function ruleDescriptor(m: RuleMeta): Record<string, unknown> {
  return {
    id: m.id,
    shortDescription: { text: m.description },
    fullDescription: { text: m.explanation },
    defaultConfiguration: { level: m.defaultSeverity },
    help: { text: explainText(m) },
  };
}

/** A relative path as a URI reference: each segment percent-encoded, `/` kept. */
export function pathToUri(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

function physical(file: string, region: SarifRegion): Record<string, unknown> {
  return { artifactLocation: { uri: pathToUri(file), uriBaseId: SRCROOT }, region };
}

function spanRegion(s: Span): SarifRegion {
  return { startLine: s.line, startColumn: s.column, endLine: s.endLine, endColumn: s.endColumn };
}

function relatedLocation(r: RelatedLocation, id: number): Record<string, unknown> {
  return { id, physicalLocation: physical(r.file, { startLine: r.line, startColumn: r.column }), message: { text: r.message } };
}

/** Edits carry offsets into the BOM-less text; SARIF wants lines and columns, which need the text. */
function sarifFix(fix: Fix, lines: LineIndex | undefined): Record<string, unknown> {
  return {
    description: { text: fix.description },
    artifactChanges: [
      {
        artifactLocation: { uri: pathToUri(fix.file), uriBaseId: SRCROOT },
        replacements: fix.edits.map((e) => {
          let deletedRegion: Record<string, number>;
          if (lines) {
            const a = lines.position(e.start);
            const b = lines.position(e.end);
            deletedRegion = { startLine: a.line, startColumn: a.column, endLine: b.line, endColumn: b.column };
          } else {
            deletedRegion = { charOffset: e.start, charLength: e.end - e.start };
          }
          return { deletedRegion, insertedContent: { text: e.text } };
        }),
      },
    ],
  };
}
