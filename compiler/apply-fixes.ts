/**
 * The fixes diagnostics carry (`build --fix`, `--fix-dry-run`): planned once
 * from the texts the rules saw, then written (or shown as a diff).
 *
 * - A fix is a unit: all its edits, or none.
 * - The same edit from two findings is made once.
 * - Edits of different fixes that overlap (or insert different text at one
 *   place) are refused, every one of them: which would win is not the
 *   tool's call. The order of findings never changes the outcome.
 * - A file is written only while it still holds the text the rules saw (the
 *   lost-edit guard of util/write.ts), atomically, its BOM kept.
 * - Applying the plan and running again finds nothing more to apply for the
 *   same findings (the rules report the replaced text no more).
 */
import { readFileSync } from "node:fs";
import type { Diagnostic, Fix, TextEdit } from "./model/diagnostic.js";
import { lineOps } from "./util/diff.js";
import { ChangedOnDisk, safeTarget, writeAtomic } from "./util/write.js";
import { cmp } from "./util/compare.js";

export interface FileFix {
  file: string;
  /** The text the rules saw (BOM removed) and the text after the edits. */
  before: string;
  after: string;
  /** The fixes applied to this file, in the order of their first edit. */
  fixes: Fix[];
}

export interface RefusedFix {
  fix: Fix;
  reason: string;
}

export interface FixPlan {
  files: FileFix[];
  refused: RefusedFix[];
}

/** The edits the fixes of `diagnostics` make, per file (sorted by path), from the texts `textOf` gives (those the rules saw). */
export function planFixes(diagnostics: readonly Diagnostic[], textOf: (file: string) => string | undefined): FixPlan {
  const byFile = new Map<string, Fix[]>();
  const seen = new Set<string>();
  for (const d of diagnostics) {
    if (!d.fix || d.fix.edits.length === 0) continue;
    const key = `${d.fix.file}\0${JSON.stringify(sortedEdits(d.fix.edits))}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = byFile.get(d.fix.file) ?? [];
    list.push(d.fix);
    byFile.set(d.fix.file, list);
  }
  const files: FileFix[] = [];
  const refused: RefusedFix[] = [];
  for (const file of [...byFile.keys()].sort(cmp)) {
    const fixes = byFile.get(file)!;
    const text = textOf(file);
    if (text === undefined) {
      for (const fix of fixes) refused.push({ fix, reason: `${file} could not be read` });
      continue;
    }
    const outOfRange = (f: Fix) => f.edits.some((e) => e.start < 0 || e.end < e.start || e.end > text.length);
    const valid = fixes.filter((f) => !outOfRange(f));
    for (const f of fixes) if (outOfRange(f)) refused.push({ fix: f, reason: "its edit lies outside the file" });
    const conflicting = conflicts(valid);
    for (const f of valid) if (conflicting.has(f)) refused.push({ fix: f, reason: "it overlaps another fix in the same place" });
    const kept = valid.filter((f) => !conflicting.has(f)).sort((a, b) => sortedEdits(a.edits)[0].start - sortedEdits(b.edits)[0].start);
    if (kept.length === 0) continue;
    const after = applyEdits(
      text,
      kept.flatMap((f) => f.edits),
    );
    if (after !== text) files.push({ file, before: text, after, fixes: kept });
  }
  return { files, refused };
}

/** The fixes with an edit that overlaps a different edit of another fix (identical edits agree). */
function conflicts(fixes: readonly Fix[]): Set<Fix> {
  const all = fixes.flatMap((fix) => fix.edits.map((e) => ({ fix, e })));
  all.sort((a, b) => a.e.start - b.e.start || a.e.end - b.e.end);
  const out = new Set<Fix>();
  const same = (a: TextEdit, b: TextEdit) => a.start === b.start && a.end === b.end && a.text === b.text;
  const overlap = (a: TextEdit, b: TextEdit) => (a.start < b.end && b.start < a.end) || (a.start === b.start && (a.start === a.end || b.start === b.end));
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length && all[j].e.start <= all[i].e.end; j++) {
      const [a, b] = [all[i], all[j]];
      if (a.fix === b.fix || same(a.e, b.e) || !overlap(a.e, b.e)) continue;
      out.add(a.fix);
      out.add(b.fix);
    }
  }
  return out;
}

function sortedEdits(edits: readonly TextEdit[]): TextEdit[] {
  return [...edits].sort((a, b) => a.start - b.start || a.end - b.end || cmp(a.text, b.text));
}

/** Applies non-overlapping edits (identical ones once); an edit overlapping an earlier one is skipped. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = sortedEdits(edits);
  let out = "";
  let pos = 0;
  let last: TextEdit | null = null;
  for (const e of sorted) {
    if (last && e.start === last.start && e.end === last.end && e.text === last.text) continue;
    if (e.start < pos) continue;
    out += text.slice(pos, e.start) + e.text;
    pos = e.end;
    last = e;
  }
  return out + text.slice(pos);
}

/**
 * Writes the plan: each file atomically, only while it still holds the text
 * the rules saw (with or without a BOM, which is kept). Returns the files
 * written and those that changed on disk since they were read (left as they are).
 */
export function applyFixPlan(root: string, plan: FixPlan): { written: string[]; changed: string[] } {
  const written: string[] = [];
  const changed: string[] = [];
  for (const f of plan.files) {
    const raw = currentRaw(root, f.file);
    const bom = raw === "\uFEFF" + f.before;
    if (raw !== f.before && !bom) {
      changed.push(f.file);
      continue;
    }
    try {
      writeAtomic(root, f.file, (bom ? "\uFEFF" : "") + f.after, raw);
    } catch (e) {
      if (!(e instanceof ChangedOnDisk)) throw e;
      changed.push(f.file);
      continue;
    }
    written.push(f.file);
  }
  return { written, changed };
}

function currentRaw(root: string, file: string): string | null {
  try {
    return readFileSync(safeTarget(root, file), "utf8");
  } catch {
    return null;
  }
}

/** Applies the fixes of `diagnostics` (build --fix): the files written, and those that changed on disk since the run read them. */
export function applyFixes(
  root: string,
  diagnostics: readonly Diagnostic[],
  textOf: (file: string) => string | undefined,
): { written: string[]; changed: string[] } {
  return applyFixPlan(root, planFixes(diagnostics, textOf));
}

/** The plan as one unified diff (`a/` and `b/` prefixes, so `git apply` takes it), files in path order; "" when nothing would change. */
export function fixPlanDiff(plan: FixPlan): string {
  return plan.files.map((f) => patchOf(f.before, f.after, f.file)).join("");
}

const CONTEXT = 3;

/** A file's unified diff as git writes it: 3 lines of context, hunks merged, "\\ No newline at end of file" where a side ends without one. */
export function patchOf(before: string, after: string, name: string): string {
  if (before === after) return "";
  const split = (t: string) => {
    const lines = t.split("\n");
    const eol = lines[lines.length - 1] === "";
    if (eol) lines.pop();
    return { lines, eol };
  };
  const a = split(before);
  const b = split(after);
  const ops = lineOps(a.lines, b.lines);
  const changed = ops.map((o, i) => (o.kind === " " ? -1 : i)).filter((i) => i >= 0);
  const hunks: [number, number][] = [];
  for (const i of changed) {
    const s = Math.max(0, i - CONTEXT);
    const e = Math.min(ops.length - 1, i + CONTEXT);
    const last = hunks[hunks.length - 1];
    if (last && s <= last[1] + 1) last[1] = Math.max(last[1], e);
    else hunks.push([s, e]);
  }
  const out = [`diff --git a/${name} b/${name}`, `--- a/${name}`, `+++ b/${name}`];
  const range = (start: number, count: number) => (count === 0 ? `${start},0` : count === 1 ? `${start + 1}` : `${start + 1},${count}`);
  for (const [s, e] of hunks) {
    const part = ops.slice(s, e + 1);
    const aCount = part.filter((o) => o.kind !== "+").length;
    const bCount = part.filter((o) => o.kind !== "-").length;
    const aStart = part.find((o) => o.kind !== "+")?.a ?? part[0].a;
    const bStart = part.find((o) => o.kind !== "-")?.b ?? part[0].b;
    out.push(`@@ -${range(aCount === 0 ? aStart : aStart, aCount)} +${range(bStart, bCount)} @@`);
    for (const o of part) {
      out.push(o.kind + o.line);
      const lastA = o.kind !== "+" && o.a === a.lines.length - 1 && !a.eol;
      const lastB = o.kind !== "-" && o.b === b.lines.length - 1 && !b.eol;
      if ((o.kind === "-" && lastA) || (o.kind === "+" && lastB) || (o.kind === " " && (lastA || lastB))) out.push("\\ No newline at end of file");
    }
  }
  return `${out.join("\n")}\n`;
}
