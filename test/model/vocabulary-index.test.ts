import { describe, expect, it } from "vitest";
import type { Vocabulary } from "../../compiler/model/types.js";
import { fold, isTermCandidate, shapeOf, VocabularyIndex } from "../../compiler/model/vocabulary-index.js";

const span = { file: "s.json", line: 1, column: 1, endLine: 1, endColumn: 1 };
function vocab(id: string, values: string[], deprecated: Record<string, string> = {}): Vocabulary {
  return {
    id,
    kind: "schema",
    file: "s.json",
    name: id,
    span,
    members: [
      ...values.map((value) => ({ value, deprecated: false, span })),
      ...Object.entries(deprecated).map(([value, replacedBy]) => ({ value, deprecated: true, replacedBy, span })),
    ],
  };
}

const events = vocab("events", ["run.started", "run.finished", "run.failed", "envelope.sent", "envelope.retry-exhausted", "envelope.delivery-failed"], {
  "envelope.retry.exhausted": "envelope.retry-exhausted",
});
const status = vocab("status", ["draft", "ready", "archived"]);
const types = vocab("types", ["string", "number", "boolean"]);
const bools = vocab("bools", ["true", "false"]);
const index = new VocabularyIndex([events, status, types, bools], ["aw"]);

describe("shape and fold", () => {
  it("classes segments and keeps separators", () => {
    expect(shapeOf("run.started")).toBe("a.a");
    expect(shapeOf("run.runId")).toBe("a.aA");
    expect(shapeOf("envelope.retry-exhausted")).toBe("a.a-a");
    expect(shapeOf("MAX_RETRY")).toBe("A_A");
    expect(fold("Envelope.Retry_Exhausted")).toBe("enveloperetryexhausted");
  });

  it("rejects paths, flags, placeholders, snippets, numbers, versions, URLs, invocations", () => {
    for (const v of [
      "docs/a.md",
      "README.md",
      "oats.config.json",
      "index.ts",
      "--json",
      "-f",
      "<run-id>",
      "{id}",
      "NNN",
      "$HOME",
      "*",
      "a b",
      "f(x)",
      '"x"',
      "1.2.3",
      "v2",
      "42",
      "https://x.io",
      "aw",
      "aweb.ai",
      "run.",
      ".env",
      "ab",
    ]) {
      expect(isTermCandidate(v, ["aw"]), v).toBe(false);
    }
    for (const v of ["run.started", "run.paused", "envelope.retry_exhausted", "archivd"]) expect(isTermCandidate(v, ["aw"]), v).toBe(true);
  });
});

describe("classify", () => {
  it("members and deprecated aliases are not unknown", () => {
    expect(index.classify("run.started")).toBeNull();
    expect(index.classify("envelope.retry.exhausted")).toBeNull();
    expect(index.members("envelope.retry.exhausted")[0].member.replacedBy).toBe("envelope.retry-exhausted");
    expect(index.isCanonical("envelope.retry.exhausted")).toBe(false);
  });

  it("folded separators", () => {
    expect(index.classify("envelope.delivery.failed")).toMatchObject({ reason: "folded", suggestion: "envelope.delivery-failed" });
    expect(index.classify("envelope.retry_exhausted")).toMatchObject({ reason: "folded", suggestion: "envelope.retry-exhausted" });
    // Camel humps read as separators, within the namespace.
    expect(index.classify("envelope.retryExhausted")).toMatchObject({ reason: "folded", suggestion: "envelope.retry-exhausted" });
    expect(index.classify("ENVELOPE.RETRY_EXHAUSTED")).toBeNull();
    // Not in the member's namespace (`envelope_` is not `envelope.`).
    expect(index.classify("envelope_retry_exhausted")).toBeNull();
    // Case must agree: an UPPER_SNAKE constant is a different thing.
    expect(index.classify("ENVELOPE_SENT")).toBeNull();
  });

  it("typos by edit distance", () => {
    expect(index.classify("run.strated")).toMatchObject({ reason: "edit-distance", suggestion: "run.started" });
    expect(index.classify("envelope.retry-exhasted")).toMatchObject({ reason: "edit-distance", suggestion: "envelope.retry-exhausted" });
    // Two edits above six characters: two substitutions, two missing, two extra characters.
    expect(index.classify("envelope.delivary-failes")).toMatchObject({ reason: "edit-distance", suggestion: "envelope.delivery-failed" });
    expect(index.classify("envelope.dlivery-faled")).toMatchObject({ reason: "edit-distance", suggestion: "envelope.delivery-failed" });
    expect(index.classify("envelope.deliveryy-faileds")).toMatchObject({ reason: "edit-distance", suggestion: "envelope.delivery-failed" });
    // Three edits is too far for edit distance (the namespace still catches it, without that suggestion).
    expect(index.classify("envelope.dlivary-faled")).toMatchObject({ reason: "namespace" });
  });

  it("namespace and shape", () => {
    expect(index.classify("run.paused")).toMatchObject({ reason: "namespace", namespace: "run.", vocabulary: events });
    expect(index.classify("envelope.bounced")).toMatchObject({ reason: "namespace", namespace: "envelope." });
  });

  it("never: other shapes, plain words, inflections, short tokens", () => {
    for (const v of [
      "run.runId",
      "run.step.started",
      "run",
      "started",
      "drafts",
      "readyy",
      "archivd",
      "strin",
      "ture",
      "RunStarted",
      "run.started.md",
      "Run.Paused",
    ]) {
      expect(index.classify(v), v).toBeNull();
    }
  });

  it("folding and edit distance stay within the member's own namespace", () => {
    // `session-close` is not `session.close` (other separator after the namespace); `phase-next` is no typo of `phase-exit` in a vocabulary without namespaces.
    const ops = new VocabularyIndex([vocab("ops", ["session.close", "session.artifacts", "session.open", "flow.advance", "flow.close"])]);
    expect(ops.classify("session-close")).toBeNull();
    expect(ops.classify("session_artifacts")).toBeNull();
    expect(ops.classify("session.artifact")).toMatchObject({ reason: "edit-distance", suggestion: "session.artifacts" });
    const kinds = new VocabularyIndex([vocab("k", ["task", "phase-validation", "phase-exit", "plan-validation"])]);
    expect(kinds.classify("phase-next")).toBeNull();
    expect(kinds.classify("derived_from")).toBeNull();
  });

  it("namespace matches end as the namespace's members do, when they all share an ending", () => {
    const budget = new VocabularyIndex([vocab("b", ["budget.reserved", "budget.consumed", "budget.exhausted", "run.started", "run.failed"])]);
    expect(budget.classify("budget.optimize")).toBeNull();
    expect(budget.classify("budget.released")).toMatchObject({ reason: "namespace", namespace: "budget." });
  });

  it("field paths of members", () => {
    const none = () => false;
    expect(index.fieldPathOf("run.started.at", events, none)).toBe("run.started");
    expect(index.fieldPathOf("run.started", events, none)).toBeNull();
    expect(index.fieldPathOf("run.paused.at", events, none)).toBeNull();
    // A one-word member (`draft` of the status vocabulary) followed by known fields.
    expect(index.fieldPathOf("draft.title", events, (s) => s === "title")).toBe("draft");
    expect(index.fieldPathOf("draft.unknown", events, (s) => s === "title")).toBeNull();
  });

  it("memberShaped: snake_case and kebab-case are one shape (`input_required` beside `input-required`), `.` never folds", () => {
    const tasks = vocab("TaskStatus", ["working", "input-required", "completed"]);
    const i = new VocabularyIndex([tasks]);
    expect(i.memberShaped("input_required")).toEqual([tasks]);
    expect(i.memberShaped("input-approved")).toEqual([tasks]);
    expect(i.memberShaped("input.required")).toEqual([]);
  });

  it("plain-word vocabularies never match by namespace", () => {
    const small = new VocabularyIndex([vocab("s", ["draft", "ready"])]);
    expect(small.classify("draft.ready")).toBeNull();
    expect(small.classify("readdy")).toBeNull();
  });
});

describe("scale", () => {
  it("5,000 terms × 2,000 members without all-pairs comparison", () => {
    const words = [
      "alpha",
      "bravo",
      "charlie",
      "delta",
      "echo",
      "foxtrot",
      "golf",
      "hotel",
      "india",
      "juliet",
      "kilo",
      "lima",
      "mike",
      "november",
      "oscar",
      "papa",
      "quebec",
      "romeo",
      "sierra",
      "tango",
    ];
    const vocabs: Vocabulary[] = [];
    const members: string[] = [];
    for (let v = 0; v < 20; v++) {
      const values: string[] = [];
      for (let i = 0; i < 100; i++) values.push(`${words[v]}.${words[i % 20]}-${words[(i * 7) % 20]}${i}`);
      members.push(...values);
      vocabs.push(vocab(`v${v}`, values));
    }
    const terms: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const m = members[(i * 37) % members.length];
      terms.push(
        i % 4 === 0 ? m : i % 4 === 1 ? m.slice(0, -2) + "x" + m.slice(-1) : i % 4 === 2 ? `docs/${m}.md` : `${words[i % 20]}.${words[(i * 3) % 20]}Id`,
      );
    }
    const t0 = performance.now();
    const idx = new VocabularyIndex(vocabs);
    const t1 = performance.now();
    let flagged = 0;
    for (const t of terms) if (idx.classify(t)) flagged++;
    const t2 = performance.now();
    console.log(`vocabulary index: build ${(t1 - t0).toFixed(0)} ms, 5000 terms × 2000 members classify ${(t2 - t1).toFixed(0)} ms, ${flagged} flagged`);
    expect(flagged).toBeGreaterThanOrEqual(1250);
  });
});
