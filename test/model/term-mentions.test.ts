/**
 * termMentions with a memo (what watch and build keep between runs): the same mentions as without
 * one, and a second run recomputes only the units whose text, vocabularies or config changed.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runPipeline } from "../../compiler/pipeline.js";
import type { Mention } from "../../compiler/model/mentions.js";
import { termMentions, type TermMentionMemo } from "../../compiler/model/term-mentions.js";

const root = mkdtempSync(join(tmpdir(), "docpact-term-mentions-"));
const files: Record<string, string> = {
  "docpact.config.json": JSON.stringify({ docs: ["*.md"], schemas: ["*.schema.json"] }),
  "event.schema.json": JSON.stringify({
    description: "Emitted as `run.started` or `run.finishd`.",
    $defs: { type: { enum: ["run.started", "run.finished", "run.failed"] } },
  }),
  "a.md": "# A\n\nThe kernel emits `run.started`, then `run.finished`; `run.strated` is a typo. Use `npm`.\n",
  "b.md": "# B\n\n| event | when |\n| --- | --- |\n| `run.failed` | on error |\n| `run.paused` | on hold |\n",
};
for (const [f, text] of Object.entries(files)) writeFileSync(join(root, f), text);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A memo that counts what it had to compute. */
function countingMemo(): TermMentionMemo & { computed: number; entries: Map<string, Mention[]> } {
  const entries = new Map<string, Mention[]>();
  const memo = {
    computed: 0,
    entries,
    get: (key: string) => entries.get(key),
    set: (key: string, m: Mention[]) => {
      memo.computed++;
      entries.set(key, m);
    },
  };
  return memo;
}

const spans = (ms: readonly Mention[]) => ms.map((m) => `${m.span.file}:${m.span.line}:${m.span.column}`);

describe("termMentions memo", () => {
  test("gives the list a run without a memo gives, in the same order", async () => {
    const { model } = await runPipeline({ root });
    const plain = termMentions(model);
    expect(plain.length).toBeGreaterThan(3);
    const memo = countingMemo();
    expect(spans(termMentions(model, memo))).toEqual(spans(plain));
    // One entry per document and schema.
    expect(memo.computed).toBe(3);
  });

  test("a second run computes nothing for unchanged units, and the edited unit alone after an edit", async () => {
    const memo = countingMemo();
    const first = await runPipeline({ root });
    termMentions(first.model, memo);
    const again = await runPipeline({ root });
    expect(spans(termMentions(again.model, memo))).toEqual(spans(termMentions(again.model)));
    expect(memo.computed).toBe(3);
    writeFileSync(join(root, "a.md"), `${files["a.md"]}\nAlso \`run.failed\`.\n`);
    const edited = await runPipeline({ root });
    const after = termMentions(edited.model, memo);
    expect(memo.computed).toBe(4);
    expect(spans(after)).toEqual(spans(termMentions(edited.model)));
    expect(spans(after).filter((s) => s.startsWith("a.md:5:"))).toHaveLength(1);
    writeFileSync(join(root, "a.md"), files["a.md"]!);
  });

  test("a changed vocabulary recomputes every unit", async () => {
    const memo = countingMemo();
    termMentions((await runPipeline({ root })).model, memo);
    const schema = JSON.parse(files["event.schema.json"]!);
    schema.$defs.type.enum.push("run.paused");
    writeFileSync(join(root, "event.schema.json"), JSON.stringify(schema));
    try {
      const { model } = await runPipeline({ root });
      const after = termMentions(model, memo);
      expect(memo.computed).toBe(6);
      expect(spans(after)).toEqual(spans(termMentions(model)));
    } finally {
      writeFileSync(join(root, "event.schema.json"), files["event.schema.json"]!);
    }
  });
});
