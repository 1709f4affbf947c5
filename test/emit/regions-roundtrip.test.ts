import { loadTemplates } from "../../compiler/readers/templates.js";
import { packagePath } from "../../compiler/util/package-root.js";
/**
 * Round-trip property: random documents with random regions. Build, then build
 * again: the second build changes nothing, and every byte outside the regions
 * (BOM, line endings, trailing spaces, final newline or its absence) is kept.
 */
import { describe, expect, it } from "vitest";
import { regionSha } from "../../compiler/emit/region-content.js";
import { planRegions } from "../../compiler/emit/regions.js";
import type { MarkdownDoc } from "../../compiler/model/types.js";
import { applyDocs, makeModel } from "./regions-helpers.js";

/** mulberry32: small, seeded, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATALOGUE = [
  { id: "a/one", defaultSeverity: "error" as const, description: "First | rule with `code`." },
  { id: "b/two", defaultSeverity: "warning" as const, description: "Second *rule*." },
];
const COMMANDS = [
  { path: ["run"], verbs: null, flags: ["--json"] },
  { path: ["flow"], verbs: ["advance"], flags: null },
];

function generate(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const eol = rand() < 0.5 ? "\n" : "\r\n";
  const word = () => pick(["alpha", "beta", "x|y", "`code`", "*em*", "é", "😀", "#", "-", "1.", "_u_", "[l](x.md)"]);
  const prose = () => {
    const n = Math.floor(rand() * 6);
    let line = Array.from({ length: n }, word).join(" ");
    if (line.startsWith("`")) line = `t ${line}`;
    return line + pick(["", "", " ", "  ", "\t"]);
  };
  const lines: string[] = [];
  const blocks = 1 + Math.floor(rand() * 8);
  for (let b = 0; b < blocks; b++) {
    const kind = rand();
    if (kind < 0.45) {
      const template = pick(["rules", "commands", "delegations", 'rules prefix="a/"', "commands prefix=flow"]);
      const inner = Array.from({ length: Math.floor(rand() * 4) }, prose);
      const innerText = inner.map((l) => l + eol).join("");
      const sha = pick(["", "", ` sha=${regionSha(innerText)}`, " sha=deadbeef"]);
      if (rand() < 0.15) {
        // Markers sharing a line with text are refused (regions.test.ts); an empty region here.
        lines.push(`<!-- docpact:begin ${template} -->`, `<!-- docpact:end${sha} -->`);
      } else {
        lines.push(`<!-- docpact:begin ${template} -->`, ...inner, `<!-- docpact:end${sha} -->`);
      }
    } else if (kind < 0.55) {
      lines.push(`> **Retries are not this document's call:** \`aw run --json\`${pick(["", "  "])}`);
    } else if (kind < 0.65) {
      lines.push(`## ${prose()}`);
    } else {
      for (let i = Math.floor(rand() * 4); i >= 0; i--) lines.push(prose());
    }
    if (rand() < 0.7) lines.push("");
  }
  let text = lines.join(eol);
  if (rand() < 0.5) text += eol;
  return (rand() < 0.3 ? "\uFEFF" : "") + text;
}

/** The document without what lies between region markers (begin markers stay, end markers go). */
function outside(raw: string, doc: MarkdownDoc): string {
  const bom = raw.startsWith("\uFEFF") ? "\uFEFF" : "";
  const text = bom ? raw.slice(1) : raw;
  let out = bom;
  let cursor = 0;
  for (const r of [...doc.regions].sort((a, b) => a.beginStart - b.beginStart)) {
    out += text.slice(cursor, r.beginEnd) + "\u0000";
    cursor = r.endEnd;
  }
  return out + text.slice(cursor);
}

describe("regions round-trip", () => {
  for (const force of [false, true]) {
    it(`build twice is a no-op and text outside regions is byte-identical (200 random documents, force=${force})`, () => {
      const rand = prng(force ? 20261129 : 42);
      let regions = 0;
      let handEdited = 0;
      for (let n = 0; n < 200; n++) {
        const raw = generate(rand);
        const docs = { "docs/a.md": raw };
        const model1 = makeModel({ docs, commands: COMMANDS });
        const doc1 = model1.docs[0];
        expect(doc1.regionProblems, raw).toEqual([]);
        const plan1 = planRegions(model1, {
          templates: loadTemplates(packagePath("templates"), model1.root, null),
          force,
          templatesDir: null,
          catalogue: CATALOGUE,
        });
        expect(
          plan1.facts.filter((p) => p.kind !== "region-hand-edited"),
          raw,
        ).toEqual([]);
        regions += plan1.regions.length;
        handEdited += plan1.regions.filter((r) => r.status === "hand-edited").length;

        const built = applyDocs(docs, plan1);
        const model2 = makeModel({ docs: built, commands: COMMANDS });
        const doc2 = model2.docs[0];
        expect(doc2.regionProblems).toEqual([]);
        expect(doc2.regions.length).toBe(doc1.regions.length);
        expect(doc2.bom).toBe(doc1.bom);
        expect(outside(built["docs/a.md"], doc2), raw).toBe(outside(raw, doc1));

        const plan2 = planRegions(model2, {
          templates: loadTemplates(packagePath("templates"), model2.root, null),
          force,
          templatesDir: null,
          catalogue: CATALOGUE,
        });
        if (plan2.documents.length) require("node:fs").writeFileSync("/tmp/fail.json", JSON.stringify({ raw, built: built["docs/a.md"] }));
        expect(plan2.documents, raw).toEqual([]);
        expect(plan2.regions.map((r) => r.status)).toEqual(plan1.regions.map((r) => (r.status === "hand-edited" ? "hand-edited" : "fresh")));
      }
      // The generator really exercises regions and hand edits.
      expect(regions).toBeGreaterThan(300);
      if (force) expect(handEdited).toBe(0);
      else expect(handEdited).toBeGreaterThan(20);
    });
  }
});
