/**
 * The whole rule catalogue, checked at once: every rule module is in the generated list, its
 * id matches its path, every message it declares is used, it is documented
 * (explain, docs/rules.md, the README table) and its runnable examples hold.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { explainText } from "../../compiler/report/explain.js";
import { findRule, isRuleId, ruleIds, rules } from "../../compiler/rules/index.js";
import { metaProblems } from "../../compiler/rules/types.js";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import { repoRoot, runCli } from "../helpers/cli.js";
import { lintFiles, planFiles } from "../helpers/rule-tester.js";

const rulesDir = join(repoRoot, "compiler/rules");

/**
 * Rules still reporting the deprecated `{ message }` form (rules that arrived
 * from other branches before their conversion). Must stay empty for rules this
 * branch owns; a rule listed here is exempt only from the messages check.
 */
const LEGACY_REPORTS: string[] = [];

/** Rules without runnable `meta.examples`; each one here would be a gap to close, not a design. */
const WITHOUT_EXAMPLES: string[] = [];

/** `group/name` of every module under compiler/rules/<group>/ that default-exports a rule. */
function ruleModules(): string[] {
  const out: string[] = [];
  for (const group of readdirSync(rulesDir, { withFileTypes: true })) {
    if (!group.isDirectory()) continue;
    for (const f of readdirSync(join(rulesDir, group.name)).sort()) {
      if (!f.endsWith(".ts")) continue;
      const text = readFileSync(join(rulesDir, group.name, f), "utf8");
      if (/export default defineRule\(/.test(text)) out.push(`${group.name}/${f.slice(0, -3)}`);
    }
  }
  return out.sort();
}

const source = (id: string) => readFileSync(join(rulesDir, `${id}.ts`), "utf8");

describe("the rule catalogue", () => {
  it("lists every rule module, each under the path of its id, sorted", () => {
    expect([...ruleIds]).toEqual(ruleModules());
    for (const r of rules) expect(source(r.meta.id)).toContain(`"${r.meta.id}"`);
  });

  it("has valid metadata and a message table for every rule", () => {
    for (const r of rules) {
      expect(metaProblems(r.meta), r.meta.id).toEqual([]);
      if (LEGACY_REPORTS.includes(r.meta.id)) continue;
      expect(Object.keys(r.meta.messages ?? {}).length, `${r.meta.id} declares messages`).toBeGreaterThan(0);
      expect(source(r.meta.id), `${r.meta.id} uses the deprecated { message } report`).not.toMatch(/ctx\.report\(\{[^{}]*\bmessage:/);
    }
  });

  it("uses every message it declares", () => {
    for (const r of rules) {
      // suppression/unused is produced after the rules ran, by compiler/suppress.ts.
      const text = source(r.meta.id) + (r.meta.id === "suppression/unused" ? readFileSync(join(repoRoot, "compiler/suppress.ts"), "utf8") : "");
      for (const id of Object.keys(r.meta.messages ?? {})) {
        expect(text.includes(`"${id}"`) || text.includes(`'${id}'`), `${r.meta.id}: message "${id}" is never reported`).toBe(true);
      }
    }
  });

  it("is documented: explain, docs/rules.md and the README table name every rule", () => {
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const docs = readFileSync(join(repoRoot, "docs/rules.md"), "utf8");
    for (const id of ruleIds) {
      const r = findRule(id)!;
      const text = explainText(r.meta);
      expect(text).toContain(r.meta.description);
      expect(text).toContain(r.meta.explanation);
      expect(docs, `docs/rules.md has a section for ${id}`).toContain(`## \`${id}\``);
      expect(readme, `README's rule table has ${id}`).toContain(`\`${id}\``);
    }
  });

  it("every rule's url points at its own section of docs/rules.md", () => {
    const doc = readMarkdown("docs/rules.md", readFileSync(join(repoRoot, "docs/rules.md"), "utf8"), { binaries: [], markers: [] });
    for (const r of rules) {
      const [path, anchor] = (r.meta.url ?? "").split("#");
      expect(path, r.meta.id).toBe("docs/rules.md");
      const heading = doc.headings.find((h) => h.slug === anchor);
      expect(heading?.text, `${r.meta.id}: ${r.meta.url}`).toBe(r.meta.id);
    }
  });

  it("docpact explain --list names every rule, and explain prints one (the built CLI)", () => {
    const list = runCli(["explain", "--list"]);
    expect(list.status).toBe(0);
    expect(
      list.stdout
        .trim()
        .split("\n")
        .map((l) => l.split(/\s+/)[0]),
    ).toEqual([...ruleIds]);
    const one = runCli(["explain", ruleIds[0]]);
    expect(one.stdout).toBe(explainText(findRule(ruleIds[0])!.meta));
  });

  it("the README rule table and docs/rules.md are what the catalogue renders (docpact build regenerates them)", async () => {
    const files = {
      "README.md": readFileSync(join(repoRoot, "README.md"), "utf8"),
      "docs/rules.md": readFileSync(join(repoRoot, "docs/rules.md"), "utf8"),
      "docs/templates/rule-reference.hbs": readFileSync(join(repoRoot, "docs/templates/rule-reference.hbs"), "utf8"),
      "docpact.config.json": { docs: ["README.md", "docs/rules.md"], schemas: [], code: { include: [] }, templates: "docs/templates" },
    };
    const { regions } = await planFiles(files);
    const catalogueRegions = regions.filter((r) => r.template === "rules" || r.template === "rule-reference");
    expect(catalogueRegions.map((r) => r.file)).toEqual(["README.md", "docs/rules.md"]);
    for (const r of catalogueRegions) expect(r.status, `${r.file} region ${r.template}`).toBe("fresh");
  });

  it("accepts exactly its own ids", () => {
    expect(isRuleId("cli/unknown-flag")).toBe(true);
    expect(isRuleId("cli/unknwn-flag")).toBe(false);
  });
});

describe("every rule's runnable examples", () => {
  it("the allow-list of rules without examples only names rules without them", () => {
    for (const id of WITHOUT_EXAMPLES) expect(findRule(id)?.meta.examples, id).toBeUndefined();
    for (const r of rules) if (!WITHOUT_EXAMPLES.includes(r.meta.id)) expect(r.meta.examples, `${r.meta.id} has meta.examples`).toBeDefined();
  });

  for (const r of rules.filter((x) => x.meta.examples)) {
    it(`${r.meta.id}: the bad example fails it, the good one passes`, async () => {
      const bad = await lintFiles(r, r.meta.examples!.bad);
      expect(bad.diagnostics.length, `${r.meta.id} bad example`).toBeGreaterThan(0);
      const good = await lintFiles(r, r.meta.examples!.good);
      expect(
        good.diagnostics.map((d) => d.message),
        `${r.meta.id} good example`,
      ).toEqual([]);
    });
  }
});
