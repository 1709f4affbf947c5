/**
 * Line diffs for messages: one alignment (LCS over the lines between the
 * common prefix and suffix; past a size limit, a one-hunk replace) rendered
 * as a short unified diff (`generated/stale`) or as the few changed lines of a
 * region (`fragment/stale`).
 */

const MAX_CELLS = 4_000_000;

export type Op = { kind: " " | "-" | "+"; line: string; a: number; b: number };

/**
 * The alignment of two line lists: kept, removed and added lines with their
 * indices. With `trim` the common prefix and suffix are set aside first (cheaper
 * on large files; ties then align differently, so each caller keeps its choice).
 */
export function lineOps(a: string[], b: string[], trim = true): Op[] {
  let pre = 0;
  let suf = 0;
  if (trim) {
    while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
    while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  }
  const A = a.slice(pre, a.length - suf);
  const B = b.slice(pre, b.length - suf);
  const out: Op[] = [];
  for (let i = 0; i < pre; i++) out.push({ kind: " ", line: a[i], a: i, b: i });
  if (A.length * B.length > MAX_CELLS) {
    A.forEach((l, i) => out.push({ kind: "-", line: l, a: pre + i, b: pre }));
    B.forEach((l, j) => out.push({ kind: "+", line: l, a: pre + A.length, b: pre + j }));
  } else {
    // lcs[i][j] = LCS length of A[i:], B[j:]
    const w = B.length + 1;
    const lcs = new Uint32Array((A.length + 1) * w);
    for (let i = A.length - 1; i >= 0; i--)
      for (let j = B.length - 1; j >= 0; j--)
        lcs[i * w + j] = A[i] === B[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    let i = 0;
    let j = 0;
    while (i < A.length || j < B.length) {
      if (i < A.length && j < B.length && A[i] === B[j]) {
        out.push({ kind: " ", line: A[i], a: pre + i, b: pre + j });
        i++;
        j++;
      } else if (i < A.length && (j === B.length || lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])) {
        out.push({ kind: "-", line: A[i], a: pre + i, b: pre + j });
        i++;
      } else {
        out.push({ kind: "+", line: B[j], a: pre + i, b: pre + j });
        j++;
      }
    }
  }
  for (let k = 0; k < suf; k++) out.push({ kind: " ", line: a[a.length - suf + k], a: a.length - suf + k, b: b.length - suf + k });
  return out;
}

/**
 * Unified diff from `before` (`a/<name>`) to `after` (`b/<name>`), 2 lines of
 * context, cut after `maxLines` lines (with a "…" line saying how many more).
 * Returns "" when the texts are equal. CRLF and LF are compared as written.
 */
export function unifiedDiff(before: string, after: string, name: string, maxLines = 20, context = 2): string {
  if (before === after) return "";
  const a = before.split("\n");
  const b = after.split("\n");
  const all = lineOps(a, b);
  const changed = all.map((o, i) => (o.kind === " " ? -1 : i)).filter((i) => i >= 0);
  const hunks: [number, number][] = [];
  for (const i of changed) {
    const s = Math.max(0, i - context);
    const e = Math.min(all.length - 1, i + context);
    const last = hunks[hunks.length - 1];
    if (last && s <= last[1] + 1) last[1] = Math.max(last[1], e);
    else hunks.push([s, e]);
  }
  const lines = [`--- a/${name}`, `+++ b/${name}`];
  for (const [s, e] of hunks) {
    const part = all.slice(s, e + 1);
    const aCount = part.filter((o) => o.kind !== "+").length;
    const bCount = part.filter((o) => o.kind !== "-").length;
    lines.push(`@@ -${part[0].a + 1},${aCount} +${part[0].b + 1},${bCount} @@`);
    for (const o of part) lines.push(o.kind + o.line);
  }
  if (lines.length <= maxLines) return lines.join("\n");
  return [...lines.slice(0, maxLines), `… ${lines.length - maxLines} more diff lines`].join("\n");
}

export interface DiffOptions {
  /** Maximum number of diff lines shown (default 12). */
  maxLines?: number;
  /** Context lines around changes (default 1). */
  context?: number;
}

/**
 * The changed lines of a region (`-` build removes, `+` it adds) with `context`
 * lines around them, capped at `maxLines`; larger inputs get a one-line summary.
 */
export function shortDiff(current: string, expected: string, opts: DiffOptions = {}): string[] {
  const maxLines = opts.maxLines ?? 12;
  const context = opts.context ?? 1;
  const a = splitLines(current);
  const b = splitLines(expected);
  if (a.length * b.length > MAX_CELLS) return [`(${a.length} lines now, ${b.length} lines expected)`];
  const ops = lineOps(a, b, false);
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
