/**
 * Tests load docpact's modules from dist/ (vitest.config.ts), so dist/ must be the build of the
 * sources being tested. `npm test` builds first (pretest); a run started some other way
 * (`npx vitest run test/x.test.ts` after an edit) builds here when any source is newer than its
 * output or has none, and stops the run if the build fails.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));

/** The first source (compiler/, generated/) whose dist/ output is missing or older, or null. */
export function staleSource(root: string): string | null {
  const walk = (dir: string): string | null => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, e.name);
      if (e.isDirectory()) {
        const found = walk(abs);
        if (found) return found;
      } else if ((e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) || /\.(cjs|d\.cts)$/.test(e.name)) {
        // .ts compiles to .js; a hand-written .cjs and its .d.cts are copied as they are (scripts/copy-cjs.mjs).
        const out = join(root, "dist", relative(root, abs)).replace(/\.ts$/, ".js");
        let built: number;
        try {
          built = statSync(out).mtimeMs;
        } catch {
          return relative(root, abs);
        }
        if (statSync(abs).mtimeMs > built) return relative(root, abs);
      }
    }
    return null;
  };
  return walk(join(root, "compiler")) ?? walk(join(root, "generated"));
}

export default function setup(): void {
  const stale = staleSource(repo);
  if (!stale) return;
  process.stderr.write(`dist/ is older than ${stale}: building (npm run build) before the tests\n`);
  const r = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build", "--silent"], { cwd: repo, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status}); the tests load dist/ and cannot run`);
}
