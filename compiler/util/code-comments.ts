/**
 * JavaScript/TypeScript text with its comments blanked (each comment character
 * a space, line breaks kept, so offsets and `^` anchors still hold): what a
 * text-level scan of code (import specifiers) should see. A commented-out
 * `// import('@tapjs/run')` is not an import.
 *
 * A small lexer, not a parser: strings and template literals are skipped
 * (a `//` inside `"https://…"` is text), and a `/` where an expression starts
 * opens a regular expression literal (`/["']/`, `/\/\//`) up to its closing
 * `/`. A quote or regex left open ends at the line break, so a mistake costs
 * at most the rest of one line.
 */
export function blankComments(text: string): string {
  if (!text.includes("//") && !text.includes("/*")) return text;
  const parts: string[] = [];
  let kept = 0;
  const n = text.length;
  let i = 0;
  // The last character that is not space or inside a comment: decides whether a `/` starts a regex.
  let prev = "";
  const blank = (from: number, to: number) => {
    parts.push(text.slice(kept, from), text.slice(from, to).replace(/[^\r\n]/g, " "));
    kept = to;
  };
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      const end = lineEnd(text, i);
      blank(i, end);
      i = end;
      continue;
    }
    if (c === "/" && next === "*") {
      const close = text.indexOf("*/", i + 2);
      const end = close < 0 ? n : close + 2;
      blank(i, end);
      i = end;
      continue;
    }
    if (c === '"' || c === "'") {
      i = skipQuoted(text, i, c);
      prev = c;
      continue;
    }
    if (c === "`") {
      i = skipTemplate(text, i);
      prev = c;
      continue;
    }
    if (c === "/" && startsExpression(prev)) {
      i = skipRegex(text, i);
      prev = "/";
      continue;
    }
    if (c !== " " && c !== "\t" && c !== "\n" && c !== "\r") prev = c;
    i++;
  }
  parts.push(text.slice(kept));
  return parts.join("");
}

function lineEnd(text: string, i: number): number {
  const nl = text.indexOf("\n", i);
  return nl < 0 ? text.length : nl;
}

/** After these (or at the start) a `/` begins a regex literal, not a division. */
function startsExpression(prev: string): boolean {
  return prev === "" || "(,=:[!&|?{};+-*%<>~^".includes(prev);
}

function skipQuoted(text: string, i: number, quote: string): number {
  for (let k = i + 1; k < text.length; k++) {
    const c = text[k]!;
    if (c === "\\") k++;
    else if (c === quote) return k + 1;
    else if (c === "\n") return k;
  }
  return text.length;
}

function skipTemplate(text: string, i: number): number {
  for (let k = i + 1; k < text.length; k++) {
    const c = text[k]!;
    if (c === "\\") k++;
    else if (c === "`") return k + 1;
  }
  return text.length;
}

function skipRegex(text: string, i: number): number {
  let inClass = false;
  for (let k = i + 1; k < text.length; k++) {
    const c = text[k]!;
    if (c === "\\") k++;
    else if (c === "\n") return k;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "/") return k + 1;
  }
  return text.length;
}
