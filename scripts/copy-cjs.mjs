// Copies the hand-written CommonJS modules of compiler/ (and their .d.cts types) into dist/ as they
// are: tsc compiles only the .ts sources. One today: compiler/readers/typescript.cjs.
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
for (const rel of readdirSync(join(repo, "compiler"), { recursive: true })) {
  if (!/\.(cjs|d\.cts)$/.test(rel)) continue;
  const src = join(repo, "compiler", rel);
  const out = join(repo, "dist", relative(repo, src));
  mkdirSync(dirname(out), { recursive: true });
  copyFileSync(src, out);
}
