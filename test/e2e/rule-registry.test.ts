/**
 * "A new rule is one file": the rule list (generated/rules.ts) is a registry
 * docpact's own build writes from compiler/rules/<group>/*.ts. In a copy of
 * the rule folder, a new rule file makes check report the list stale, and
 * build brings it in.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, runCliInProcess } from "../helpers/cli.js";

const NEW_RULE = `import { defineRule } from "../types.js";

export default defineRule({
  meta: {
    id: "cli/made-up",
    defaultSeverity: "warning",
    description: "A rule added in a test.",
    explanation: "It reports nothing.",
    messages: { never: "never" },
  },
  check() {},
});
`;

describe("the generated rule registry", () => {
  it("check reports it stale when a rule file is added, and build adds the rule", async () => {
    const dir = mkdtempSync(join(tmpdir(), "docpact-registry-"));
    cpSync(join(repoRoot, "compiler/rules"), join(dir, "compiler/rules"), { recursive: true });
    cpSync(join(repoRoot, "generated/rules.ts"), join(dir, "generated/rules.ts"));
    // The repository's own registry entry, so the test follows what docpact's config says.
    const own = JSON.parse(readFileSync(join(repoRoot, "docpact.config.json"), "utf8"));
    const config = { docs: [], schemas: [], code: { include: ["compiler/**/*.ts"] }, generate: own.generate };
    writeFileSync(join(dir, "docpact.config.json"), JSON.stringify(config));
    // The CLI in process (compiler/cli/argv.ts): the subject is what check and build say and write.
    const registry = async (args: string[]) => {
      const r = await runCliInProcess([...args, "--root", dir, "--format", "json"]);
      expect(r.stderr).toBe("");
      return JSON.parse(r.stdout).diagnostics.filter((d: { file: string }) => d.file === "generated/rules.ts");
    };

    // The committed list is what build writes from the rule files (helpers without a default export are left out).
    expect(await registry(["check"])).toEqual([]);
    expect(readFileSync(join(dir, "generated/rules.ts"), "utf8")).not.toContain("command-match");

    writeFileSync(join(dir, "compiler/rules/cli/made-up.ts"), NEW_RULE);
    const stale = await registry(["check"]);
    expect(stale.map((d: { rule: string }) => d.rule)).toEqual(["generated/stale"]);
    expect(stale[0].message).toContain('+import cliMadeUp from "../compiler/rules/cli/made-up.js";');

    await registry(["build"]);
    expect(readFileSync(join(dir, "generated/rules.ts"), "utf8")).toContain("  cliMadeUp,\n");
    expect(await registry(["check"])).toEqual([]);
  }, 120_000); // four CLI runs over compiler/**: slow on a loaded 2-core machine
});
