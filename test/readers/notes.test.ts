import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import { makeNoteMatcher, matchNoteStrongText, NoteIds } from "../../compiler/readers/notes.js";
import { hasShared, sharedPath } from "../helpers/shared.js";

const SEED = sharedPath("seeds/000_6868db3ad71db191.txt");
const read = (text: string, markers: string[] = []) => readMarkdown("docs/x.md", text, { binaries: ["aw"], markers });
const owners = (text: string, markers: string[] = []) => read(text, markers).notes.map((n) => [n.subject, n.owners.map((o) => o.raw)]);

describe.skipIf(!hasShared("seeds/000_6868db3ad71db191.txt"))("delegation notes in the seed", () => {
  // Every `+> **…` line of the seed diff is a note as the real docs write it.
  // Read in beforeAll, never at collection: a clone without ../shared skips this block without touching it.
  let lines: string[] = [];
  beforeAll(() => {
    lines = readFileSync(SEED, "utf8")
      .split(/\r?\n/)
      .filter((l) => l.startsWith("+> **"))
      .map((l) => l.slice(1));
  });

  const expected: [string, string[]][] = [
    ["Which facts break eligibility, and what one of them costs", ["aw flow advance"]],
    ["What proves the batch was green", ["aw flow advance"]],
    ["What adoption may do once the mode is settled", ["aw flow advance"]],
    ["When the cut fires, and that the write follows the confirmation", ["aw flow advance"]],
    ["Which signals count, how many it takes, and therefore whether the offer appears at all", ["aw flow advance"]],
    ["Which line a prompt joins", ["aw session-create", "aw resume"]],
    ["When it runs, and that it never travels inside the gap loop", ["aw flow advance"]],
  ];

  it("finds every note line", () => {
    expect(lines).toHaveLength(expected.length);
  });

  it("each note parses alone with its subject and owners", () => {
    lines.forEach((line, i) => {
      const doc = read(line + "\n");
      expect(doc.notes).toHaveLength(1);
      const [note] = doc.notes;
      expect(note.subject).toBe(expected[i][0]);
      expect(note.owners.map((o) => o.raw)).toEqual(expected[i][1]);
      expect(note.marker).toBe("not this document's call");
      expect(note.span).toMatchObject({ line: 1, column: 3 });
    });
  });

  it("parses them all in one document with distinct ids", () => {
    const doc = read(lines.join("\n\n") + "\n");
    expect(doc.notes.map((n) => [n.subject, n.owners.map((o) => o.raw)])).toEqual(expected);
    expect(new Set(doc.notes.map((n) => n.id)).size).toBe(expected.length);
    expect(doc.notes[5].id).toBe("docs/x.md#which-line-a-prompt-joins");
  });
});

describe("note forms", () => {
  it("accepts `are <marker>`", () => {
    expect(owners("> **The retry limits are not this document's call:** see `aw config show`.\n")).toEqual([["The retry limits", ["aw config show"]]]);
  });

  it("records a note with no invocation (owners empty)", () => {
    expect(owners("> **Naming is not this document's call:** the team decides.\n")).toEqual([["Naming", []]]);
  });

  it("accepts a marker with no colon, and a colon right after the strong", () => {
    expect(owners("> **Naming is not this document's call** — `aw names`.\n")).toEqual([["Naming", ["aw names"]]]);
    expect(owners("> **Naming is not this document's call**: `aw names`.\n")).toEqual([["Naming", ["aw names"]]]);
  });

  it("accepts typographic apostrophes and any case", () => {
    expect(owners("**Naming Is Not This Document’s Call:** `aw n`\n")).toEqual([["Naming", ["aw n"]]]);
  });

  it("supports custom markers", () => {
    const t = "> **Scheduling is decided by the CLI:** `aw schedule`.\n\n> **Other is not this document's call:** x\n";
    expect(owners(t, ["decided by the CLI"])).toEqual([["Scheduling", ["aw schedule"]]]);
    expect(read(t, ["decided by the CLI"]).notes[0].marker).toBe("decided by the CLI");
  });

  it("takes owners from the whole blockquote, up to the next note", () => {
    const t = [
      "> **A is not this document's call:** see below.",
      ">",
      "> The CLI runs `aw a` and then `aw b --json`.",
      ">",
      "> **B is not this document's call:** `aw c`.",
      "",
      "Outside: `aw d`.",
      "",
    ].join("\n");
    const doc = read(t);
    expect(doc.notes.map((n) => [n.subject, n.owners.map((o) => o.raw)])).toEqual([
      ["A", ["aw a", "aw b --json"]],
      ["B", ["aw c"]],
    ]);
    expect(doc.notes[0].text).toBe("A is not this document's call: see below.\n\nThe CLI runs aw a and then aw b --json.");
    expect(doc.notes[0].span).toMatchObject({ line: 1, column: 3, endLine: 3, endColumn: 46 });
  });

  it("outside a blockquote a note is its own paragraph", () => {
    const doc = read("**A is not this document's call:** `aw a`.\n\nLater `aw b`.\n");
    expect(doc.notes[0].owners.map((o) => o.raw)).toEqual(["aw a"]);
  });

  it("numbers repeated subjects -2, -3", () => {
    const t = "> **A is not this document's call:** x\n\n> **A is not this document's call:** y\n\n- **A is not this document's call:** z\n";
    expect(read(t).notes.map((n) => n.id)).toEqual(["docs/x.md#a", "docs/x.md#a-2", "docs/x.md#a-3"]);
  });

  it("does not take strong text that is not at the paragraph start, or lacks the verb", () => {
    expect(read("Intro **A is not this document's call:** x\n").notes).toEqual([]);
    expect(read("**not this document's call:** x\n").notes).toEqual([]);
    expect(read("**A not this document's call:** x\n").notes).toEqual([]);
    expect(read("**A is mostly our call:** x\n").notes).toEqual([]);
  });
});

describe("matchNoteStrongText / NoteIds", () => {
  const m = makeNoteMatcher([]);
  it("matches the text test alone", () => {
    expect(matchNoteStrongText("What counts  is\nnot this document's call:", m)).toEqual({
      subject: "What counts",
      marker: "not this document's call",
    });
    expect(matchNoteStrongText("nothing here", m)).toBeNull();
  });

  it("prefers the longest marker", () => {
    const mm = makeNoteMatcher(["call", "not our call"]);
    expect(matchNoteStrongText("X is not our call", mm)).toEqual({ subject: "X", marker: "not our call" });
  });

  it("builds ids per file", () => {
    const ids = new NoteIds("a.md");
    expect([ids.next("Foo bar"), ids.next("Foo bar"), ids.next("Other")]).toEqual(["a.md#foo-bar", "a.md#foo-bar-2", "a.md#other"]);
  });
});
