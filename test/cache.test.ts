/** The content-hash cache of parsed inputs: memory, disk, corruption, pruning. */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { CACHE_DIR, ReadCache, cacheFileOf, diskCacheDir } from "../compiler/cache/cache.js";
import { decode, encode } from "../compiler/cache/codec.js";
import { contentHash } from "../compiler/cache/hash.js";
import { runPipeline } from "../compiler/pipeline.js";

const tmp = () => mkdtempSync(join(tmpdir(), "docpact-cache-"));

describe("ReadCache", () => {
  it("computes once per (kind, hash) and counts hits", () => {
    const c = new ReadCache({ dir: null, fingerprint: "f" });
    let calls = 0;
    const compute = () => ({ n: ++calls });
    c.beginRun();
    expect(c.cachedRead("md", "h1", compute)).toEqual({ n: 1 });
    expect(c.cachedRead("md", "h1", compute)).toEqual({ n: 1 });
    expect(c.cachedRead("schema", "h1", compute)).toEqual({ n: 2 });
    expect(c.stats).toEqual({ hits: 1, misses: 2 });
  });

  it("persists to disk and a new instance reuses it, Maps included", () => {
    const dir = tmp();
    const a = new ReadCache({ dir, fingerprint: "f", persist: true });
    a.beginRun();
    a.cachedRead("code", "h", () => ({ m: new Map([["k", new Set(["v"])]]) }));
    a.flush();
    const b = new ReadCache({ dir, fingerprint: "f", persist: true });
    b.beginRun();
    const v = b.cachedRead<{ m: Map<string, Set<string>> }>("code", "h", () => {
      throw new Error("should be cached");
    });
    expect(v.m).toBeInstanceOf(Map);
    expect([...v.m.get("k")!]).toEqual(["v"]);
    expect(b.stats.hits).toBe(1);
  });

  it("discards a corrupt cache file and one from another fingerprint", () => {
    const dir = tmp();
    writeFileSync(join(dir, "reads-md.json"), "{ not json");
    writeFileSync(join(dir, "reads.json"), "{}"); // format 1's single file
    const a = new ReadCache({ dir, fingerprint: "f", persist: true });
    a.beginRun();
    expect(a.cachedRead("md", "h", () => 1)).toBe(1);
    a.flush();
    expect(JSON.parse(readFileSync(join(dir, "reads-md.json"), "utf8").split("\n")[0]).fingerprint).toBe("f");
    expect(existsSync(join(dir, "reads.json"))).toBe(false);

    const b = new ReadCache({ dir, fingerprint: "other", persist: true });
    b.beginRun();
    expect(b.cachedRead("md", "h", () => 2)).toBe(2);

    writeFileSync(join(dir, "reads-md.json"), JSON.stringify({ format: 2, fingerprint: "f", kind: "md", entries: [] }));
    const c = new ReadCache({ dir, fingerprint: "f", persist: true });
    c.beginRun();
    expect(c.cachedRead("md", "h", () => 3)).toBe(3);
  });

  it("flush drops entries the run did not use", () => {
    const dir = tmp();
    const a = new ReadCache({ dir, fingerprint: "f", persist: true });
    a.beginRun();
    a.cachedRead("md", "old", () => 1);
    a.flush();
    a.beginRun();
    a.cachedRead("md", "new", () => 2);
    a.flush();
    // A header line, then one line per entry, its key first.
    const keys = readFileSync(join(dir, "reads-md.json"), "utf8")
      .split("\n")
      .slice(1, -1)
      .map((l) => JSON.parse(l.split("\t")[0]));
    expect(keys).toEqual(["new"]);
  });

  it("keeps one file per kind and decodes only the kinds a run looks up", () => {
    const dir = tmp();
    const a = new ReadCache({ dir, fingerprint: "f", persist: true });
    a.beginRun();
    a.cachedRead("markdown", "h", () => ({ doc: 1 }));
    a.cachedRead("code", "h", () => ({ facts: 2 }));
    a.flush();
    expect(readdirSync(dir).sort()).toEqual(["reads-code.json", "reads-markdown.json"]);
    // A corrupt file of a kind the run never looks up is never read.
    writeFileSync(join(dir, "reads-code.json"), "{ not json");
    const b = new ReadCache({ dir, fingerprint: "f", persist: true });
    b.beginRun();
    expect(b.cachedRead("markdown", "h", () => ({ doc: 0 }))).toEqual({ doc: 1 });
    expect(b.stats).toEqual({ hits: 1, misses: 0 });
    // A kind the run did not use is dropped at flush, as unused entries are.
    b.flush();
    expect(readdirSync(dir)).toEqual(["reads-markdown.json"]);
  });
});

describe("codec and hash", () => {
  it("round-trips nested Maps and Sets and leaves plain data alone", () => {
    const v = { a: [1, "x", null], m: new Map<string, unknown>([["s", new Set([1, 2])]]) };
    const back = decode(encode(v)) as typeof v;
    expect(back.a).toEqual([1, "x", null]);
    expect([...(back.m.get("s") as Set<number>)]).toEqual([1, 2]);
  });

  it("separates parts", () => {
    expect(contentHash("ab", "c")).not.toBe(contentHash("a", "bc"));
    expect(contentHash("x")).toBe(contentHash("x"));
  });
});

describe("the disk cache in runs", () => {
  const saved = process.env.DOCPACT_NO_CACHE;
  afterEach(() => {
    if (saved === undefined) delete process.env.DOCPACT_NO_CACHE;
    else process.env.DOCPACT_NO_CACHE = saved;
  });

  function project(withNodeModules: boolean): string {
    const root = tmp();
    cpSync(fileURLToPath(new URL("fixtures/suppress-notes/", import.meta.url)), root, { recursive: true });
    if (withNodeModules) mkdirSync(join(root, "node_modules"));
    return root;
  }

  it("is used only when node_modules exists and DOCPACT_NO_CACHE is unset", () => {
    delete process.env.DOCPACT_NO_CACHE;
    expect(diskCacheDir(project(false))).toBeNull();
    const root = project(true);
    expect(diskCacheDir(root)).toBe(join(root, CACHE_DIR));
    process.env.DOCPACT_NO_CACHE = "1";
    expect(diskCacheDir(root)).toBeNull();
  });

  it("check never writes it; a build run writes it, the next run hits it and reports the same diagnostics", async () => {
    delete process.env.DOCPACT_NO_CACHE;
    const root = project(true);
    await runPipeline({ root });
    expect(existsSync(join(root, CACHE_DIR, cacheFileOf("markdown")))).toBe(false);
    const first = await runPipeline({ root, persistCache: true });
    expect(existsSync(join(root, CACHE_DIR, cacheFileOf("markdown")))).toBe(true);
    const cache = new ReadCache({ dir: join(root, CACHE_DIR), persist: true });
    const second = await runPipeline({ root, cache });
    expect(cache.stats.misses).toBe(0);
    expect(cache.stats.hits).toBeGreaterThan(0);
    expect(second.diagnostics).toEqual(first.diagnostics);
  });

  it("re-reads only the changed doc", async () => {
    delete process.env.DOCPACT_NO_CACHE;
    const root = project(false);
    writeFileSync(join(root, "docs/other.md"), "# Other\n");
    const cache = new ReadCache({ dir: null });
    await runPipeline({ root, cache });
    expect(cache.statsOf("markdown")).toEqual({ hits: 0, misses: 2 });
    writeFileSync(join(root, "docs/other.md"), "# Other\n\n> **X is not this document's call:** nobody.\n");
    const r = await runPipeline({ root, cache });
    expect(cache.statsOf("markdown")).toEqual({ hits: 1, misses: 1 });
    // Per-document rule results: one table per rule key, found again (the consulted parts did not change); inside it the
    // unchanged document's results are reused and the changed one's computed (test/rules/incremental.test.ts).
    expect(cache.statsOf("rule-doc").hits).toBeGreaterThan(0);
    expect(cache.statsOf("rule-doc").misses).toBe(0);
    expect(r.diagnostics.some((d) => d.file === "docs/other.md" && d.rule === "delegation/no-owner")).toBe(true);
  });

  it("warm runs over shared cached reader outputs give the cold run's diagnostics (nothing mutates them)", async () => {
    delete process.env.DOCPACT_NO_CACHE;
    const root = tmp();
    cpSync(fileURLToPath(new URL("../examples/aw-cli/", import.meta.url)), root, { recursive: true });
    // Without the example's committed generated code: every schema module is generated, so every kind of reader output is cached.
    rmSync(join(root, "generated"), { recursive: true, force: true });
    const cold = await runPipeline({ root, cache: new ReadCache({ dir: null }) });
    const cache = new ReadCache({ dir: null });
    await runPipeline({ root, cache });
    const warm = await runPipeline({ root, cache });
    expect(cache.stats.misses).toBe(0);
    expect(warm.diagnostics).toEqual(cold.diagnostics);
    expect(warm.diagnostics.length).toBeGreaterThan(3);
  });

  it("a cached decision registry is re-read when a file its evaluation read outside the code changes (a JSON module)", async () => {
    delete process.env.DOCPACT_NO_CACHE;
    const root = tmp();
    mkdirSync(join(root, "src"));
    mkdirSync(join(root, "docs"));
    writeFileSync(
      join(root, "docpact.config.json"),
      JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { binaries: ["aw"] }, decisions: { module: "src/decisions.ts", export: "DECISIONS" } }),
    );
    writeFileSync(
      join(root, "src/decisions.ts"),
      'import paths from "../paths.json" with { type: "json" };\nexport const DECISIONS = [{ id: "a", document: paths.doc, attribution: "decided here" }];\n',
    );
    writeFileSync(join(root, "paths.json"), '{ "doc": "docs/a.md" }\n');
    writeFileSync(join(root, "docs/a.md"), "# A\n\nThis is decided here.\n");
    writeFileSync(join(root, "docs/b.md"), "# B\n");
    const cache = new ReadCache({ dir: null });
    const rules = (r: Awaited<ReturnType<typeof runPipeline>>) => r.diagnostics.map((d) => `${d.rule} ${d.message}`);
    expect(rules(await runPipeline({ root, cache }))).toEqual([]);
    writeFileSync(join(root, "paths.json"), '{ "doc": "docs/b.md" }\n');
    expect(rules(await runPipeline({ root, cache }))).toEqual([
      'decision/missing-attribution decision "a": docs/b.md does not carry its attribution "decided here"',
    ]);
  });

  it("a run without node_modules writes nothing", async () => {
    delete process.env.DOCPACT_NO_CACHE;
    const root = project(false);
    await runPipeline({ root });
    expect(existsSync(join(root, "node_modules"))).toBe(false);
  });
});
