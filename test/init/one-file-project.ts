/** A throwaway project for init's tests: package.json with a bin, a tsconfig over src/, and one source file; removed after each test. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A project whose one source file, src/cli.ts, is `code`. */
export function oneFileProject(code: string): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-init-"));
  roots.push(root);
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "x", bin: { x: "dist/cli.js" } }));
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify({ include: ["src"] }));
  writeFileSync(join(root, "src", "cli.ts"), code);
  return root;
}
