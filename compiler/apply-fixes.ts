/** Applies the fixes diagnostics carry (`build --fix`): non-overlapping edits, BOM and bytes outside edits kept. */
import type { Diagnostic, TextEdit } from "./model/diagnostic.js";
import { isProblem, readSource } from "./read.js";
import { writeAtomic } from "./util/write.js";

/** Returns the files changed. Overlapping edits in one file: the first (in diagnostic order) wins. */
export function applyFixes(root: string, diagnostics: Diagnostic[]): string[] {
  const byFile = new Map<string, TextEdit[]>();
  for (const d of diagnostics) {
    if (!d.fix) continue;
    const list = byFile.get(d.fix.file) ?? [];
    list.push(...d.fix.edits);
    byFile.set(d.fix.file, list);
  }
  const changed: string[] = [];
  for (const [file, edits] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const src = readSource(root, file);
    if (isProblem(src)) continue;
    const next = applyEdits(src.text, edits);
    if (next !== src.text) {
      writeAtomic(root, file, (src.bom ? "\uFEFF" : "") + next);
      changed.push(file);
    }
  }
  return changed;
}

export function applyEdits(text: string, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const kept: TextEdit[] = [];
  let last = -1;
  for (const e of sorted) {
    if (e.start < last) continue;
    kept.push(e);
    last = e.end;
  }
  let out = "";
  let pos = 0;
  for (const e of kept) {
    out += text.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return out + text.slice(pos);
}
