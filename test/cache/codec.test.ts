/**
 * The compact cache encoding (compiler/cache/codec.ts): every reader output a
 * run puts in the cache comes back equal, keys in the same order, from
 * `decodeEntry(encodeEntry(x))`; data that looks like the encoding's own
 * marks is not misread; and a cache file of the previous format is ignored.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuild } from "../../compiler/build.js";
import { FORMAT, ReadCache, cacheFileOf } from "../../compiler/cache/cache.js";
import { decodeEntry, encode, encodeEntry } from "../../compiler/cache/codec.js";
import { runPipeline } from "../../compiler/pipeline.js";
import { repoRoot } from "../helpers/cli.js";
import { hasShared, sharedPath } from "../helpers/shared.js";

const saved = { ...process.env };
const temps: string[] = [];
beforeAll(() => {
  process.env.DOCPACT_NO_GIT = "1";
});
afterAll(() => {
  process.env = saved;
  temps.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A memory-only cache that remembers every value stored in it, by kind. */
class RecordingCache extends ReadCache {
  readonly seen: { kind: string; value: unknown }[] = [];
  constructor() {
    super({ dir: null, fingerprint: "test" });
  }
  override put(kind: string, hash: string, value: unknown): void {
    this.seen.push({ kind, value });
    super.put(kind, hash, value);
  }
  override cachedRead<T>(kind: string, hash: string, compute: () => T): T {
    return super.cachedRead(kind, hash, () => {
      const value = compute();
      this.seen.push({ kind, value });
      return value;
    });
  }
  override async cachedReadAsync<T>(kind: string, hash: string, compute: () => Promise<T>): Promise<T> {
    return super.cachedReadAsync(kind, hash, async () => {
      const value = await compute();
      this.seen.push({ kind, value });
      return value;
    });
  }
}

function expectRoundTrip(value: unknown, label: string): void {
  const back = decodeEntry(encodeEntry(value));
  expect(back, label).toEqual(value);
  // Same keys in the same order, Maps and Sets as such (encode tags them): digests of decoded values do not move.
  expect(encode(back), label).toBe(encode(value));
}

async function recordRun(root: string, build = false): Promise<RecordingCache> {
  const cache = new RecordingCache();
  try {
    if (build) await runBuild({ root, cache });
    else await runPipeline({ root, cache });
  } catch {
    // A fixture the pipeline refuses (a bad config) stores nothing worth checking.
  }
  return cache;
}

describe("compact cache entries", () => {
  it("round-trip every reader output of every fixture project and the example", async () => {
    const dir = join(repoRoot, "test/fixtures");
    const roots = readdirSync(dir)
      .map((n) => join(dir, n))
      .filter((p) => statSync(p).isDirectory());
    roots.push(join(repoRoot, "examples/aw-cli"));
    const kinds = new Set<string>();
    for (const root of roots) {
      const cache = await recordRun(root);
      for (const { kind, value } of cache.seen) {
        kinds.add(kind);
        expectRoundTrip(value, `${root} ${kind}`);
      }
    }
    // The kinds a check stores: documents, schemas, code facts, decision rows, regions, rule results.
    for (const k of ["markdown", "schema", "code", "decision-rows", "region", "rule-doc"]) expect([...kinds]).toContain(k);
  }, 300_000);

  it("round-trip what a build stores (generated schema modules, planned anchors)", async () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-codec-"));
    temps.push(root);
    cpSync(join(repoRoot, "test/fixtures/schemas-good"), root, { recursive: true });
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ generate: { outDir: "gen" }, code: { include: [] } }));
    const cache = await recordRun(root, true);
    expect(cache.seen.map((s) => s.kind)).toContain("schema-module");
    for (const { kind, value } of cache.seen) expectRoundTrip(value, kind);
    const fragments = await recordRun(join(repoRoot, "test/fixtures/fragments-stale"));
    for (const { kind, value } of fragments.seen) expectRoundTrip(value, kind);
  }, 120_000);

  describe.skipIf(!hasShared("corpus/oats"))("on the oats corpus", () => {
    it("round-trips every reader output", async () => {
      const cache = await recordRun(sharedPath("corpus/oats"));
      expect(cache.seen.length).toBeGreaterThan(10);
      for (const { kind, value } of cache.seen) expectRoundTrip(value, kind);
    }, 300_000);
  });

  it("writes spans as small arrays with the file names once", () => {
    const span = (line: number) => ({ file: "docs/a-long-folder-name/guide.md", line, column: 3, endLine: line + 1, endColumn: 9 });
    const doc = { file: "docs/a-long-folder-name/guide.md", links: Array.from({ length: 20 }, (_, i) => ({ url: "x.md", span: span(i + 1) })) };
    const text = encodeEntry(doc);
    // Once in the document's own `file`, once in the entry's file table: not once per span.
    expect(text.split("a-long-folder-name").length - 1).toBe(2);
    expect(text.length).toBeLessThan(encode(doc).length / 2.5);
    expectRoundTrip(doc, "doc");
  });

  it("does not misread data shaped like its own marks", () => {
    const tricky = {
      numbers: [1, 2, 3, 4, 5],
      nested: [[0, 1, 2, 3, 4], ["\u0000", 1], ["\u0000"], []],
      escapeFirst: ["\u0000", "a"],
      tagLike: { "$docpact:map": [["k", 1]] },
      setLike: { "$docpact:set": [1] },
      objLike: { "$docpact:obj": { a: 1 } },
      proto: JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as unknown,
      // Not spans: other key order, extra keys, fractional or missing positions.
      reordered: { line: 1, file: "a.md", column: 1, endLine: 1, endColumn: 2 },
      extra: { file: "a.md", line: 1, column: 1, endLine: 1, endColumn: 2, note: "x" },
      fractional: { file: "a.md", line: 1.5, column: 1, endLine: 1, endColumn: 2 },
      partial: { file: "a.md", line: 1, column: 1 },
      span: { file: "a.md", line: 7, column: 1, endLine: 9, endColumn: 2 },
      map: new Map<unknown, unknown>([
        ["s", new Set([[1, 2, 3, 4, 5]])],
        [1, { file: "b.md", line: 1, column: 1, endLine: 1, endColumn: 1 }],
      ]),
      values: [null, true, 0, -1, "", "\u0000x", 1e21],
    };
    expectRoundTrip(tricky, "tricky");
    const back = decodeEntry(encodeEntry(tricky)) as typeof tricky;
    expect(Object.getPrototypeOf(back.proto)).toBe(Object.prototype);
    expect(Object.keys(back.proto as object)).toEqual(["__proto__", "a"]);
    expect(back.map).toBeInstanceOf(Map);
    expect(back.tagLike).not.toBeInstanceOf(Map);
    for (const v of [1, "x", null, [], {}, [1, 2, 3, 4, 5]]) expectRoundTrip(v, JSON.stringify(v));
  });

  it("refuses text it did not write", () => {
    expect(() => decodeEntry("[1,2]")).toThrow();
    expect(() => decodeEntry('{"f":[],"v":[0,1,1,0,1]}')).toThrow(); // a span naming no file
  });
});

describe("build's planned documents", () => {
  it("a rewritten document whose regions may move headings is parsed once, and the read after the write finds it cached", async () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-codec-"));
    temps.push(root);
    cpSync(join(repoRoot, "test/fixtures/fragments-stale"), root, { recursive: true });
    const doc = join(root, "docs/events.md");
    // A heading inside a stale region (no sha=, so not a hand edit): its planned anchors need the rewritten text parsed.
    writeFileSync(
      doc,
      readFileSync(doc, "utf8")
        .replace(/(<!-- docpact:begin vocabulary[^\n]*-->\n)/, "$1## Old heading\n")
        .replace(/<!-- docpact:end sha=[0-9a-f]+ -->/, "<!-- docpact:end -->"),
    );
    const cache = await recordRun(root, true);
    const parsed = cache.seen.filter((s) => s.kind === "markdown").map((s) => (s.value as { file: string }).file);
    // The document as it was, and as build wrote it: not a third time after the write.
    expect(parsed).toEqual(["docs/events.md", "docs/events.md"]);
    expect(cache.seen.map((s) => s.kind)).not.toContain("planned-anchors");
    expect(readFileSync(doc, "utf8")).not.toContain("## Old heading");
  }, 120_000);
});

describe("cache file format", () => {
  it("ignores a cache written in the previous format instead of misreading it", () => {
    const dir = mkdtempSync(join(tmpdir(), "docpact-codec-"));
    temps.push(dir);
    // Format 2: one JSON object per kind, entries in plain JSON.
    const old = { format: FORMAT - 1, fingerprint: "f", kind: "markdown", entries: { h: { file: "a.md", stale: true } } };
    writeFileSync(join(dir, cacheFileOf("markdown")), JSON.stringify(old));
    const a = new ReadCache({ dir, fingerprint: "f", persist: true });
    a.beginRun();
    expect(a.peek("markdown", "h")).toBeUndefined();
    a.put("markdown", "h", { file: "a.md", stale: false });
    a.flush();
    const lines = readFileSync(join(dir, cacheFileOf("markdown")), "utf8").split("\n");
    expect(JSON.parse(lines[0])).toEqual({ format: FORMAT, fingerprint: "f", kind: "markdown" });
    expect(lines.slice(1)).toEqual([`"h"\t${encodeEntry({ file: "a.md", stale: false })}`, ""]);
    const b = new ReadCache({ dir, fingerprint: "f", persist: true });
    b.beginRun();
    expect(b.peek("markdown", "h")).toEqual({ file: "a.md", stale: false });
  });

  it("drops an entry that does not decode and keeps the others", () => {
    const dir = mkdtempSync(join(tmpdir(), "docpact-codec-"));
    temps.push(dir);
    const header = JSON.stringify({ format: FORMAT, fingerprint: "f", kind: "md" });
    writeFileSync(join(dir, cacheFileOf("md")), `${header}\n"bad"\t{"f":[]}\n"good"\t${encodeEntry({ n: 1 })}\n`);
    const a = new ReadCache({ dir, fingerprint: "f", persist: true });
    a.beginRun();
    expect(a.peek("md", "bad")).toBeUndefined();
    expect(a.peek("md", "good")).toEqual({ n: 1 });
    expect(a.stats).toEqual({ hits: 1, misses: 1 });
    a.flush();
    expect(readFileSync(join(dir, cacheFileOf("md")), "utf8")).toBe(`${header}\n"good"\t${encodeEntry({ n: 1 })}\n`);
  });

  it("writes an entry loaded from disk back as it was read, without decoding it", () => {
    const dir = mkdtempSync(join(tmpdir(), "docpact-codec-"));
    temps.push(dir);
    const a = new ReadCache({ dir, fingerprint: "f", persist: true });
    a.beginRun();
    a.put("md", "x", { span: { file: "a.md", line: 1, column: 1, endLine: 1, endColumn: 4 } });
    a.put("md", "y", { n: 2 });
    a.flush();
    const first = readFileSync(join(dir, cacheFileOf("md")), "utf8");
    const b = new ReadCache({ dir, fingerprint: "f", persist: true });
    b.beginRun();
    expect(b.peek("md", "x")).toEqual({ span: { file: "a.md", line: 1, column: 1, endLine: 1, endColumn: 4 } });
    b.put("md", "z", { n: 3 });
    b.peek("md", "y");
    b.flush();
    expect(readFileSync(join(dir, cacheFileOf("md")), "utf8")).toBe(first.replace(/\n$/, `\n"z"\t${encodeEntry({ n: 3 })}\n`));
  });
});
