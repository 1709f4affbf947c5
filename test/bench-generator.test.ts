import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { countsFor, ensureProject, generateProject, META_FILE } from "../scripts/bench/generate.mjs";

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "bench-gen-test-"));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every file under `root` (relative path → sha256 of its bytes), sorted. */
function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out.set(relative(root, abs).split("\\").join("/"), createHash("sha256").update(readFileSync(abs)).digest("hex"));
    }
  };
  walk(root);
  return out;
}

const SCALE = 0.05;

describe("bench generator", () => {
  it("scales its counts: 16× is 10,000 docs, 500 schemas, 2,000 TS files", () => {
    expect(countsFor(16)).toEqual({ docs: 10000, schemas: 500, ts: 2000 });
    expect(countsFor(1)).toEqual({ docs: 625, schemas: 31, ts: 125 });
    expect(countsFor(SCALE)).toEqual({ docs: 31, schemas: 2, ts: 8 });
  });

  it("is deterministic for a seed and writes the expected counts", () => {
    const a = join(tempDir(), "p");
    const b = join(tempDir(), "p");
    const metaA = generateProject({ root: a, seed: 7, scale: SCALE });
    const metaB = generateProject({ root: b, seed: 7, scale: SCALE });
    expect(metaA).toEqual(metaB);
    const snapA = snapshot(a);
    expect([...snapA.entries()]).toEqual([...snapshot(b).entries()]);

    const files = [...snapA.keys()];
    expect(files.filter((f) => f.startsWith("docs/") && f.endsWith(".md"))).toHaveLength(31);
    expect(files.filter((f) => f.endsWith(".schema.json"))).toHaveLength(2);
    expect(files.filter((f) => f.startsWith("src/") && f.endsWith(".ts"))).toHaveLength(8);
    expect(metaA.counts).toEqual({ docs: 31, schemas: 2, ts: 8 });
    for (const f of ["docpact.config.json", "tsconfig.json", "package.json", "src/decisions.ts", "src/cli.ts", META_FILE]) expect(files).toContain(f);
  });

  it("plants the constructs docpact reads", () => {
    const root = join(tempDir(), "p");
    generateProject({ root, seed: 3, scale: 0.2 });
    const all = snapshot(root);
    const text = (f: string) => readFileSync(join(root, f), "utf8");
    const docs = [...all.keys()]
      .filter((f) => f.endsWith(".md"))
      .map(text)
      .join("\n");
    expect(docs).toMatch(/> \*\*[^*]+ (is|are) not this document's call:\*\* .*decided by the CLI \(`aw [a-z-]+/);
    expect(docs).toMatch(/```sh\n(\$ )?aw /);
    expect(docs).toMatch(/\]\(\.\.\/area-\d{3}\/topic-\d{5}\.md#[a-z-]+\)/);
    expect(docs).toMatch(/\]\([^)]+\.md\) § \*[^*]+\*/);
    expect(docs).toMatch(/<!-- docpact:begin (vocabulary source="[^"]+"|delegations) -->/);
    const config = JSON.parse(text("docpact.config.json"));
    expect(config.cli.commandType).toBe("CliCommand");
    expect(config.decisions.export).toBe("DECISIONS");
    expect(config.generate).toBeDefined();
    const code = [...all.keys()]
      .filter((f) => f.endsWith(".ts"))
      .map(text)
      .join("\n");
    expect(code).toMatch(/: CliCommand = \{/);
    expect(code).toMatch(/\.command\("[a-z-]+ <id>"\)/);
    expect(code).toMatch(/\] as const;/);
    const schemas = [...all.keys()]
      .filter((f) => f.endsWith(".schema.json"))
      .map(text)
      .join("\n");
    expect(schemas).toMatch(/"enum": \[/);
    expect(schemas).toMatch(/"const": "pending"/);
  });

  it("reuses a complete project and regenerates for another seed", () => {
    const out = tempDir();
    const first = ensureProject({ outDir: out, seed: 5, scale: SCALE });
    expect(first.reused).toBe(false);
    const again = ensureProject({ outDir: out, seed: 5, scale: SCALE });
    expect(again).toMatchObject({ reused: true, root: first.root });
    const other = ensureProject({ outDir: out, seed: 6, scale: SCALE });
    expect(other.reused).toBe(false);
    expect(other.root).not.toBe(first.root);
    const docA = readFileSync(join(first.root, first.meta.touch.doc), "utf8");
    const docB = readFileSync(join(other.root, other.meta.touch.doc), "utf8");
    expect(docA).not.toBe(docB);
  });
});
