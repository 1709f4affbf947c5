/**
 * A watch session keeps each bin-closure file's imports and the closure itself (discover.ts): a run
 * told that only a doc changed reads none of the CLI's files again, and a run told that a file of the
 * closure changed, or that a file was added, gives what a fresh discover gives.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ReadSession } from "../../compiler/cache/session.js";
import { loadConfig } from "../../compiler/config/resolve.js";
import { ruleIds } from "../../compiler/rules/index.js";
import { discover } from "../../compiler/discover.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "docpact-bin-closure-"));
  dirs.push(root);
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(root, f, ".."), { recursive: true });
    writeFileSync(join(root, f), text);
  }
  return root;
}

describe("the bin closure in a watch session", () => {
  it("is not read again for a doc edit, and equals a fresh discover after a closure file changes or a file is added", () => {
    const root = project({
      "package.json": JSON.stringify({ name: "aw", bin: { aw: "dist/cli.js" } }),
      "docpact.config.json": JSON.stringify({ docs: ["README.md"], code: { include: ["lib/**/*.ts"] } }),
      "README.md": "# aw\n",
      "src/cli.ts": 'import { run } from "./run";\nrun();\n',
      "src/run.ts": 'export { run } from "./steps";\n',
      "src/steps.ts": "export function run() {}\n",
      "src/later.ts": "export const later = 1;\n",
      "lib/x.ts": "export const x = 1;\n",
    });
    const config = loadConfig(root, undefined, undefined, ruleIds);
    const settings = JSON.stringify(config);
    const session = new ReadSession();
    const run = (changes: string[] | undefined) => {
      session.begin(changes, settings);
      const d = discover(root, config, session);
      session.end();
      return d.code;
    };
    const fresh = () => discover(root, config).code;
    expect(run(undefined)).toEqual(["lib/x.ts", "src/cli.ts", "src/run.ts", "src/steps.ts"]);
    // Written without telling the session: a run told only of the doc keeps what it read (nothing read again).
    writeFileSync(join(root, "src/steps.ts"), 'import { later } from "./later";\nexport function run() {}\n');
    writeFileSync(join(root, "README.md"), "# aw\n\nEdited.\n");
    expect(run(["README.md"])).toEqual(["lib/x.ts", "src/cli.ts", "src/run.ts", "src/steps.ts"]);
    // Told: the closure follows the new import.
    expect(run(["src/steps.ts"])).toEqual(fresh());
    expect(fresh()).toContain("src/later.ts");
    // A file added that an import now resolves to (`./extra` was unresolved): the closure is resolved again.
    writeFileSync(join(root, "src/run.ts"), 'export { run } from "./steps";\nimport "./extra";\n');
    expect(run(["src/run.ts"])).toEqual(fresh());
    writeFileSync(join(root, "src/extra.ts"), "export {};\n");
    expect(run(["src/extra.ts"])).toEqual(fresh());
    expect(fresh()).toContain("src/extra.ts");
  });
});
