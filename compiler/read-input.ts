/**
 * Reading one input file as text, within the root and the limits: the part of
 * the read stage that needs no parser, so the replay path (compiler/replay/)
 * and the reporters' code frames can use it without loading remark.
 */
import { join } from "node:path";
import type { Span } from "./model/diagnostic.js";
import type { CodeProblem, InputProblem } from "./model/types.js";
import { DEFAULT_LIMITS, type Limits } from "./config/limits.js";
import { reallyInside } from "./discover-tree.js";
import { readFileSync, statSync } from "./util/input-fs.js";
import { decodeSource, mostlyNotText, type SourceText } from "./util/text.js";

export const fileSpan = (file: string): Span => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });

const cannotRead = (file: string, e: unknown): CodeProblem => ({
  message: `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`,
  span: fileSpan(file),
});

/** Reads a file as UTF-8 text; returns a problem instead of throwing. */
export function readSource(root: string, file: string): SourceText | CodeProblem {
  let buf: Buffer;
  try {
    // Opening a FIFO blocks until a writer comes: only regular files are opened.
    if (!statSync(join(root, file)).isFile()) return { message: `${file} is not a regular file; not read`, span: fileSpan(file) };
    buf = readFileSync(join(root, file));
  } catch (e) {
    return cannotRead(file, e);
  }
  return decodeBytes(file, buf);
}

/** A file's bytes as text (BOM removed, line endings noted), or the problem that they are not UTF-8. */
export function decodeBytes(file: string, buf: Buffer): SourceText | CodeProblem {
  // UTF-16 (with or without a BOM) and binary files are valid UTF-8 byte by byte but hold NUL bytes, which no text does.
  if (mostlyNotText(buf)) return { message: `${file} is not UTF-8 text (it is mostly NUL bytes: UTF-16 or binary)`, span: fileSpan(file) };
  const raw = buf.toString("utf8");
  if (raw.includes("\uFFFD") && !Buffer.from(raw, "utf8").equals(buf)) {
    return { message: `${file} is not UTF-8 text`, span: fileSpan(file) };
  }
  return decodeSource(raw);
}

/**
 * Reads an input the config matched, within bounds: a path whose real
 * location leaves the root, or that is not a regular file, or is larger than
 * `limits.maxFileBytes`, is refused with a problem naming it, before any parser sees it.
 */
export function readInput(root: string, file: string, limits: Limits = DEFAULT_LIMITS): SourceText | InputProblem {
  const abs = join(root, file);
  let size: number;
  try {
    const st = statSync(abs);
    if (!st.isFile()) return { kind: "special-file", message: `${file} is not a regular file; not read`, span: fileSpan(file) };
    size = st.size;
  } catch (e) {
    return cannotRead(file, e);
  }
  if (!reallyInside(root, abs)) return { kind: "outside-root", message: `${file} resolves to a file outside the root; not read`, span: fileSpan(file) };
  if (size > limits.maxFileBytes) return tooLarge(file, `is ${size} bytes, more than limits.maxFileBytes (${limits.maxFileBytes})`);
  // Known to be a regular file by the stat above: read it without a second stat (every input passes here).
  try {
    return decodeBytes(file, readFileSync(abs));
  } catch (e) {
    return cannotRead(file, e);
  }
}

export const tooLarge = (file: string, why: string): InputProblem => ({ kind: "too-large", message: `${file} ${why}; not read`, span: fileSpan(file) });

export function isProblem(x: SourceText | CodeProblem): x is CodeProblem {
  return (x as CodeProblem).span !== undefined;
}
