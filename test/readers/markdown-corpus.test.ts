import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { glob } from "tinyglobby";
import { describe, expect, it } from "vitest";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import { decodeSource } from "../../compiler/util/text.js";
import { sharedPath } from "../helpers/shared.js";

const CORPUS = sharedPath("corpus/oats");

describe.skipIf(!existsSync(CORPUS))("Markdown reader on the oats corpus", () => {
  it("reads every document without throwing", async () => {
    const files = (await glob("**/*.md", { cwd: CORPUS, absolute: true, ignore: ["**/node_modules/**"] })).sort();
    expect(files.length).toBeGreaterThan(100);
    const texts = files.map((f) => ({ file: relative(CORPUS, f).split("\\").join("/"), src: decodeSource(readFileSync(f, "utf8")) }));
    const t0 = performance.now();
    let headings = 0;
    let invocations = 0;
    let links = 0;
    for (const { file, src } of texts) {
      const doc = readMarkdown(file, src.text, { binaries: ["oats", "turn-record"], markers: [], bom: src.bom });
      headings += doc.headings.length;
      invocations += doc.invocations.length;
      links += doc.links.length;
      for (const h of doc.headings) expect(h.span.line).toBeGreaterThan(0);
    }
    const ms = performance.now() - t0;
    const kb = texts.reduce((n, t) => n + t.src.text.length, 0) / 1024;
    console.log(
      `markdown reader: ${files.length} docs, ${kb.toFixed(0)} KiB in ${ms.toFixed(0)} ms ` +
        `(${(ms / files.length).toFixed(2)} ms/doc); ${headings} headings, ${links} links, ${invocations} invocations`,
    );
    expect(invocations).toBeGreaterThan(0);
  }, 120_000);
});
