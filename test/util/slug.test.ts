import { describe, expect, it } from "vitest";
import { githubSlug, Slugger } from "../../compiler/util/slug.js";

describe("githubSlug", () => {
  it.each([
    ["Operating context", "operating-context"],
    ["Compact / resume", "compact--resume"],
    ["Delta 4 — schema", "delta-4--schema"],
    ["What's new?", "whats-new"],
    ["snake_case and kebab-case", "snake_case-and-kebab-case"],
    ["Ünïcödé Überschrift", "ünïcödé-überschrift"],
    ["日本語 見出し", "日本語-見出し"],
    ["C++ & Rust (2024)", "c--rust-2024"],
    ["Emoji 🎉 party", "emoji--party"],
    ["`aw flow` advance", "aw-flow-advance"],
    ["", ""],
  ])("%j → %j", (text, slug) => {
    expect(githubSlug(text)).toBe(slug);
  });
});

describe("Slugger", () => {
  it("de-duplicates with -1, -2 in order", () => {
    const s = new Slugger();
    expect(["Intro", "Intro", "Intro"].map((t) => s.slug(t))).toEqual(["intro", "intro-1", "intro-2"]);
  });

  it("skips a suffix that a literal heading already took", () => {
    const s = new Slugger();
    expect(["A", "A-1", "A"].map((t) => s.slug(t))).toEqual(["a", "a-1", "a-2"]);
  });

  it("reset forgets earlier slugs", () => {
    const s = new Slugger();
    s.slug("x");
    s.reset();
    expect(s.slug("x")).toBe("x");
  });
});
