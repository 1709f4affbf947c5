/**
 * `docpact-baseline.json`: the findings a project has accepted for now.
 * Sorted (file, rule, token, fingerprint) and pretty-printed with one
 * finding per entry, so a change to it reads well in a diff. Entries carry
 * the token and message for the reviewer; only `rule`, `file` and
 * `fingerprint` take part in matching.
 */
import { guardedRead } from "../util/guarded-read.js";
import { cmp } from "../model/diagnostic.js";
import { DocpactError } from "../util/errors.js";
import type { Fingerprinted } from "./fingerprint.js";

export const BASELINE_FILE = "docpact-baseline.json";

export interface BaselineEntry {
  rule: string;
  file: string;
  fingerprint: string;
  token: string;
  message: string;
}

export interface BaselineFile {
  version: 1;
  findings: BaselineEntry[];
}

export function entryOf(f: Pick<Fingerprinted, "diagnostic" | "fingerprint" | "token">): BaselineEntry {
  return { rule: f.diagnostic.rule, file: f.diagnostic.file, fingerprint: f.fingerprint, token: f.token, message: f.diagnostic.message };
}

export function compareEntries(a: BaselineEntry, b: BaselineEntry): number {
  return cmp(a.file, b.file) || cmp(a.rule, b.rule) || cmp(a.token, b.token) || cmp(a.fingerprint, b.fingerprint);
}

export function formatBaseline(entries: readonly BaselineEntry[]): string {
  const findings = [...entries]
    .sort(compareEntries)
    .map((e) => ({ rule: e.rule, file: e.file, fingerprint: e.fingerprint, token: e.token, message: e.message }));
  return `${JSON.stringify({ version: 1, findings }, null, 2)}\n`;
}

/**
 * Reads and validates a baseline file; `shown` is the path as the user wrote it, for messages.
 * `root`: the file must be inside it (config `baseline`, the default file); null for `--baseline FILE`, which may be anywhere.
 */
export function readBaseline(root: string | null, abs: string, shown: string): BaselineFile {
  const read = guardedRead(root ?? "/", abs, shown, { confine: root !== null });
  if (!read.ok && read.kind === "missing") throw new DocpactError(`baseline file not found: ${shown} (write it with \`docpact baseline\`)`);
  if (!read.ok) throw new DocpactError(`baseline ${read.message}`);
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch (e) {
    throw new DocpactError(`${shown}: invalid JSON: ${(e as Error).message.split("\n")[0]}`);
  }
  const bad = (why: string) => new DocpactError(`${shown}: not a docpact baseline: ${why}`);
  if (!value || typeof value !== "object" || Array.isArray(value)) throw bad("expected an object");
  const v = value as { version?: unknown; findings?: unknown };
  if (v.version !== 1) throw bad(`unsupported version ${JSON.stringify(v.version)} (expected 1)`);
  if (!Array.isArray(v.findings)) throw bad("`findings` must be an array");
  const findings = v.findings.map((f: unknown, i: number): BaselineEntry => {
    const e = f as Partial<Record<keyof BaselineEntry, unknown>> | null;
    for (const k of ["rule", "file", "fingerprint"] as const) {
      if (!e || typeof e[k] !== "string") throw bad(`findings[${i}].${k} must be a string`);
    }
    return {
      rule: e!.rule as string,
      file: e!.file as string,
      fingerprint: e!.fingerprint as string,
      token: typeof e!.token === "string" ? e!.token : "",
      message: typeof e!.message === "string" ? e!.message : "",
    };
  });
  return { version: 1, findings };
}
