/**
 * Where an inline code span's value sits in the document text. The mdast
 * value differs from the source when the span crosses lines (line endings
 * become spaces, container prefixes such as `> ` vanish) or sits in a table
 * (`\|` becomes `|`), so offsets inside the value are mapped, not assumed.
 */

export interface InlineCodeLayout {
  /** Offset of the value's first character. */
  valueOffset: number;
  /** Offset in the text of value index `i` (`i === value.length` gives the end). */
  map: (i: number) => number;
}

function isPad(c: string | undefined): boolean {
  return c === " " || c === "\n" || c === "\r";
}

export function inlineCodeLayout(text: string, start: number, end: number, value: string): InlineCodeLayout {
  let n = 0;
  while (start + n < end && text.charCodeAt(start + n) === 96) n++;
  const rawStart = start + n;
  const rawEnd = Math.max(rawStart, end - n);
  let vs = rawStart;
  // CommonMark strips one space (or line ending) from each side when both sides have one
  // and the content is not all spaces.
  if (rawEnd - rawStart >= 2 && isPad(text[rawStart]) && isPad(text[rawEnd - 1])) {
    let allPad = true;
    for (let k = rawStart; k < rawEnd && allPad; k++) allPad = isPad(text[k]);
    if (!allPad) vs += text[rawStart] === "\r" && text[rawStart + 1] === "\n" ? 2 : 1;
  }
  if (text.startsWith(value, vs)) return { valueOffset: vs, map: (i) => vs + i };
  return { valueOffset: vs, map: alignedMap(text, vs, rawEnd, value) };
}

/** Aligns value characters to source characters, skipping escapes, line endings and container prefixes. */
function alignedMap(text: string, from: number, rawEnd: number, value: string): (i: number) => number {
  const offs = new Array<number>(value.length + 1);
  let r = from;
  for (let v = 0; v < value.length; v++) {
    const c = value[v];
    const wantsBreak = c === " ";
    while (r < rawEnd) {
      const rc = text[r];
      if (rc === c || (wantsBreak && (rc === "\n" || rc === "\r"))) break;
      r++;
    }
    if (r >= rawEnd) {
      // Could not align the rest: keep offsets inside the span.
      for (let k = v; k <= value.length; k++) offs[k] = Math.min(rawEnd, from + k);
      return (i) => offs[Math.min(Math.max(i, 0), value.length)];
    }
    offs[v] = r;
    if (text[r] === "\n" || text[r] === "\r") {
      r += text[r] === "\r" && text[r + 1] === "\n" ? 2 : 1;
      const next = value[v + 1];
      while (r < rawEnd && (text[r] === " " || text[r] === "\t" || text[r] === ">") && text[r] !== next) r++;
    } else r++;
  }
  offs[value.length] = r;
  return (i) => offs[Math.min(Math.max(i, 0), value.length)];
}
