// Lines of the checkout's files (cached until the checkout changes) and the token a finding covers.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const fileLines = new Map();

/** Forget every cached line: call after the checkout is reset or edited. */
export function forgetLines() {
  fileLines.clear();
}

export function linesOf(root, file) {
  const key = join(root, file);
  if (!fileLines.has(key)) {
    // A finding may sit on a folder or a file that is gone (a config entry, a moved page): no lines.
    const isFile = statSync(key, { throwIfNoEntry: false })?.isFile() ?? false;
    fileLines.set(
      key,
      isFile
        ? readFileSync(key, "utf8")
            .replace(/^\uFEFF/, "")
            .split(/\r?\n/)
        : null,
    );
  }
  return fileLines.get(key);
}

export function lineText(root, d) {
  return linesOf(root, d.file)?.[d.line - 1];
}

/** The text the diagnostic's span covers, on its first line (the offending token). */
export function tokenOf(root, d) {
  const line = lineText(root, d);
  if (line === undefined) return "";
  const end = d.endLine === d.line ? d.endColumn - 1 : line.length;
  return line.slice(d.column - 1, Math.max(d.column - 1, end)).slice(0, 120);
}
