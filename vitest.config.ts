import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const repo = dirname(fileURLToPath(import.meta.url));
const BUILT = ["compiler", "generated"].map((d) => ({ src: join(repo, d) + sep, out: join(repo, "dist", d) + sep }));

export default defineConfig({
  // Packages resolve as for the built CLI (Node's default conditions): vite adds "development" in
  // tests, which loads the assertion-laden dev builds of micromark and friends (markdown parsing
  // twice as slow) and tests code users never run.
  plugins: [
    {
      // Tests import docpact's modules as the built CLI runs them: dist/ (what `pretest` builds and
      // users install), loaded by Node itself, not transformed by vite. The module runner's import
      // rewriting cost ~28 s of the suite's ~190 s CPU; test/dist-fresh.ts makes sure dist/ is current.
      name: "docpact-from-dist",
      enforce: "pre",
      resolveId(source: string, importer?: string) {
        if (!importer || !source.startsWith(".")) return null;
        const abs = resolve(dirname(importer.split("?")[0]), source);
        const dir = BUILT.find((b) => abs.startsWith(b.src) && !importer.startsWith(b.out));
        if (!dir) return null;
        const out = dir.out + abs.slice(dir.src.length);
        return existsSync(out) ? { id: out, external: true } : null;
      },
    },
    {
      name: "node-conditions",
      // After vite's defaults are merged in (a config value would be concatenated with them).
      configResolved(config) {
        const conditions = ["module", "node"];
        (config.ssr.resolve ??= {}).conditions = conditions;
        const ssr = config.environments?.ssr;
        if (ssr) ssr.resolve.conditions = conditions;
      },
    },
  ],
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/fixtures/**", "node_modules/**"],
    // Scratch folders of the whole run live in one temporary folder, removed at the end (test/global-setup.ts).
    globalSetup: ["test/dist-fresh.ts", "test/global-setup.ts"],
    // Timeouts only catch hangs: with a worker per core on a machine other jobs load too, a test
    // that spawns the CLI a few times on a few hundred documents can take over 30 s of wall time.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One process per core (vitest's default leaves one core idle: a single worker on a 2-core machine).
    maxWorkers: Math.max(2, availableParallelism()),
    // Test files share a worker's loaded modules: loading ts-morph's TypeScript, remark and Ajv
    // again for each of ~80 files cost more CPU than all the unit tests together. Tests keep no
    // state between files (temp folders per test; module caches are keyed by path and content).
    isolate: false,
    // docpact's own modules load from dist/ natively (the plugin above).
    server: { deps: { external: [/\/dist\/(compiler|generated)\//] } },
    // Incremental rules read only the model parts they declare (compiler/rules/consult-guard.ts).
    // Reader outputs (documents, schemas) are deep-frozen when read, so a later stage that writes one throws (compiler/util/freeze.ts).
    env: { DOCPACT_STRICT_CONSULTS: "1", DOCPACT_FREEZE_READS: "1" },
    // The JSON report lets .ci/run print a plain "N passed, N failed" closing line.
    reporters: ["default", ["json", { outputFile: "node_modules/.cache/vitest-report.json" }]],
  },
});
