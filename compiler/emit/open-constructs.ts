/**
 * Whether a region's rendered text leaves a Markdown construct open that would
 * swallow the rest of the document: a code fence without its closing fence,
 * or an HTML comment (`<!--`) without `-->` — the end marker after it would
 * be read as code or comment, and the document could not be regenerated.
 * Scanned line by line, no parser (the text is about to be written, not read).
 */
export function openConstruct(text: string): string | null {
  let fence: { char: string; len: number; line: number } | null = null;
  let comment: number | null = null;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (comment !== null) {
      if (line.includes("-->")) comment = null;
      else continue;
    }
    const f = /^[ \t]*(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      if (f && f[1][0] === fence.char && f[1].length >= fence.len && f[2].trim() === "") fence = null;
      continue;
    }
    if (f && !(f[1][0] === "`" && f[2].includes("`"))) {
      fence = { char: f[1][0], len: f[1].length, line: i + 1 };
      continue;
    }
    // Comments outside inline code: the last `<!--` on the line must be closed after it.
    const bare = line.replace(/`[^`]*`/g, "");
    const open = bare.lastIndexOf("<!--");
    if (open !== -1 && bare.indexOf("-->", open + 4) === -1) comment = i + 1;
  }
  if (fence) return `a code fence (${fence.char.repeat(fence.len)}) opened at line ${fence.line} of the output is never closed`;
  if (comment !== null) return `an HTML comment (<!--) opened at line ${comment} of the output is never closed`;
  return null;
}
