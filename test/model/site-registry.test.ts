/**
 * The site generator registry (generated/sites.ts, one descriptor module each): everything that
 * names generators derives from it, and the tests below are generated from it too.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sitesGeneratorMembers } from "../../generated/contracts/config.js";
import { routers, siteGenerators } from "../../compiler/model/routes/index.js";
import { detect } from "../../compiler/init/detect.js";
import { repoRoot, writeProject } from "../helpers/cli.js";

const project = (files: Record<string, string>) => writeProject(files, "docpact-registry-");

describe("site generator registry", () => {
  it("has one descriptor per generator of the config schema's enum, and no other", () => {
    const schema = JSON.parse(readFileSync(join(repoRoot, "contracts/config.schema.json"), "utf8")) as {
      properties: { sites: { items: { properties: { generator: { enum: string[] } } } } };
    };
    const ids = siteGenerators.map((d) => d.id).sort();
    expect(ids).toEqual([...schema.properties.sites.items.properties.generator.enum].sort());
    expect(ids).toEqual([...sitesGeneratorMembers].sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('no module outside the descriptors and their readers names a generator to decide by it (no `generator === "x"`)', () => {
    const walk = (dir: string): string[] =>
      readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith(".ts") ? [`${dir}/${e.name}`] : [],
      );
    const own = new Set(siteGenerators.flatMap((d) => [`compiler/model/routes/${d.id}.ts`, `compiler/readers/sites/${d.id}.ts`]));
    const hits = walk("compiler")
      .filter((f) => !own.has(f))
      .flatMap((f) => [...readFileSync(join(repoRoot, f), "utf8").matchAll(/generator\s*[!=]==?\s*["'`](\w+)/g)].map((m) => `${f}: ${m[0]}`));
    expect(hits).toEqual([]);
  });

  it("every generator whose routes are modelled documents them (docs/references.md's tables are generated from docs)", () => {
    for (const d of siteGenerators) {
      const modelsRoutes = d.routesUnknown === undefined && !d.plainFiles;
      expect(d.docs.routes !== undefined, d.id).toBe(modelsRoutes);
      expect(
        Object.values(d.docs.anchors).every((t) => t.trim() !== ""),
        d.id,
      ).toBe(true);
    }
    const refs = readFileSync(join(repoRoot, "docs/references.md"), "utf8");
    for (const region of ["sites", "site-routes", "site-anchors"]) expect(refs, region).toContain(`<!-- docpact:begin ${region} -->`);
  });

  it("a generator with a config reader has its module, readers/sites/<id>.ts, exporting read", async () => {
    for (const d of siteGenerators) {
      const file = join(repoRoot, "compiler/readers/sites", `${d.id}.ts`);
      expect(existsSync(file), d.id).toBe(d.hasReader);
      if (d.hasReader) expect(typeof ((await import(file)) as { read?: unknown }).read, d.id).toBe("function");
    }
  });

  for (const [i, d] of siteGenerators.entries()) {
    // Its first config file that no generator tried before it also names (`_config.yml` is Jekyll's before it is Hexo's).
    const file = d.configFiles.find((f) => !siteGenerators.slice(0, i).some((e) => e.configFiles.includes(f)));
    if (file === undefined) continue;
    it(`init names ${d.name} (${d.id}) from ${file}`, () => {
      const root = project({ [file]: d.configExample ?? "", "index.md": "# Home\n", "guide/a.md": "# A\n" });
      const { config, findings } = detect(root);
      expect(config.sites).toEqual([{ root: ".", generator: d.id }]);
      const said = findings.filter((f) => f.topic === "sites").map((f) => f.reason);
      expect(said.some((r) => r.startsWith(`${file} found: `))).toBe(true);
      if (d.routesUnknown !== undefined) expect(said.join("\n")).toContain("a generator docpact does not model");
      else expect(said.join("\n")).toContain(`resolve as ${d.id} serves them`);
    });
  }

  it("init lists every modelled generator when it finds none", () => {
    const { findings } = detect(project({ "README.md": "# Read me\n" }));
    const said = findings.find((f) => f.topic === "sites")!.reason;
    for (const d of siteGenerators.filter((g) => g.configFiles.length > 0 && g.routesUnknown === undefined)) expect(said).toContain(d.name);
  });

  it("init finds a site by its pages' front matter, and includes .markdown and .mdx documents", () => {
    const root = project({
      "README.md": "# Read me\n",
      "blog/_posts/2020-01-01-a.markdown": "---\nlayout: post\n---\n# A\n",
      "blog/_posts/2020-01-02-b.markdown": "---\nlayout: post\n---\n# B\n",
      "site/intro.mdx": "# Intro\n",
    });
    const { config, findings } = detect(root);
    expect(config.docs).toEqual(["**/*.md", "**/*.markdown", "**/*.mdx"]);
    expect(config.sites).toEqual([{ root: "blog/_posts", generator: "unknown" }]);
    expect(findings.map((f) => f.reason).join("\n")).toContain(
      "front matter `layout` in blog/_posts/2020-01-01-a.markdown found: blog/_posts/ is a site of a generator docpact does not model",
    );
    expect(routers.unknown.routesUnknown).toContain("site generator not recognised");
  });
});
