/**
 * A short line diff for `fragment/stale` messages: `-` lines build would
 * remove, `+` lines it would add, with one line of context, capped so a
 * rewritten table does not flood the report.
 */

export interface DiffOptions {
  /** Maximum number of diff lines shown (default 12). */
  maxLines?: number;
  /** Context lines around changes (default 1). */
  context?: number;
}

type Op = { kind: " " | "-" | "+"; line: string };

/** Larger inputs are not aligned line by line (quadratic); they get a summary instead. */
const MAX_CELLS = 4_000_000;

export function shortDiff(current: string, expected: string, opts: DiffOptions = {}): string[] {
  const maxLines = opts.maxLines ?? 12;
  const context = opts.context ?? 1;
  const a = splitLines(current);
  const b = splitLines(expected);
  if (a.length * b.length > MAX_CELLS) return [`(${a.length} lines now, ${b.length} lines expected)`];
  const ops = align(a, b);
  const keep = new Array<boolean>(ops.length).fill(false);
  ops.forEach((op, i) => {
    if (op.kind === " ") return;
    for (let j = Math.max(0, i - context); j <= Math.min(ops.length - 1, i + context); j++) keep[j] = true;
  });
  const out: string[] = [];
  let skipped = false;
  for (let i = 0; i < ops.length; i++) {
    if (!keep[i]) {
      if (out.length && !skipped) out.push("…");
      skipped = true;
      continue;
    }
    skipped = false;
    out.push(`${ops[i].kind}${ops[i].line}`);
  }
  if (out[out.length - 1] === "…") out.pop();
  if (out.length > maxLines) {
    const total = ops.filter((o) => o.kind !== " ").length;
    const shown = out.slice(0, maxLines);
    const shownChanges = shown.filter((l) => l[0] === "-" || l[0] === "+").length;
    shown.push(`… (${total - shownChanges} more changed lines)`);
    return shown;
  }
  return out;
}

function splitLines(s: string): string[] {
  if (s === "") return [];
  const lines = s.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Longest-common-subsequence alignment of two line lists. */
function align(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ kind: " ", line: a[i] });
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) ops.push({ kind: "-", line: a[i++] });
    else ops.push({ kind: "+", line: b[j++] });
  }
  while (i < n) ops.push({ kind: "-", line: a[i++] });
  while (j < m) ops.push({ kind: "+", line: b[j++] });
  return ops;
}
