/**
 * A small line diff (LCS, trimmed common prefix/suffix) rendered as a short
 * unified diff, for messages such as `generated/stale`. Not meant for huge inputs:
 * past a size limit it falls back to a one-hunk replace.
 */

const MAX_CELLS = 4_000_000;

type Op = { kind: " " | "-" | "+"; line: string; a: number; b: number };

function ops(a: string[], b: string[]): Op[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
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
  const all = ops(a, b);
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
