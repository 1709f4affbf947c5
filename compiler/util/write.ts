/** Atomic writes inside the root: temp file in the same folder, then rename. */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { DocpactError } from "./errors.js";

export function insideRoot(root: string, rel: string): string {
  const abs = resolve(root, rel);
  const r = relative(resolve(root), abs);
  if (r === "" || r.startsWith("..") || isAbsolute(r)) throw new DocpactError(`refusing to write outside the root: ${rel}`);
  return abs;
}

export function writeAtomic(root: string, rel: string, content: string): void {
  const abs = insideRoot(root, rel);
  mkdirSync(dirname(abs), { recursive: true });
  const tmp = join(dirname(abs), `.${process.pid}.${Date.now()}.docpact.tmp`);
  try {
    writeFileSync(tmp, content);
    renameSync(tmp, abs);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new DocpactError(`cannot write ${rel}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

export function removeInsideRoot(root: string, rel: string): void {
  rmSync(insideRoot(root, rel), { force: true });
}
