/**
 * The bracket nesting of JavaScript/TypeScript text, measured in one loop
 * before the (recursive) TypeScript parser sees it: 50,000 nested array
 * literals or a config object nested 20,000 deep would run it, or docpact's
 * own walkers, out of stack. Strings, template literals and comments are
 * skipped; a regular-expression literal is not recognised, so a bracket in
 * one may count — an over-estimate by a level or two, far below the ceiling.
 */
export function codeTooDeep(text: string, max: number): { offset: number; depth: number } | null {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 /* ( */ || c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return { offset: i, depth };
    } else if (c === 41 || c === 93 || c === 125) {
      if (depth > 0) depth--;
    } else if (c === 34 || c === 39 || c === 96 /* " ' ` */) {
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i++;
        else if (d === c || (c !== 96 && d === 10)) break;
      }
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? n : end;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? n : end + 1;
    }
  }
  return null;
}
