import { describe, expect, it } from "vitest";
import {
  closestHeading,
  headingMatches,
  isExternal,
  listReferences,
  lookupPath,
  pathCandidate,
  referenceIndex,
  resolveLink,
  resolvePath,
} from "../../compiler/model/references.js";
import { model } from "../rules/reference-helpers.js";

describe("resolvePath", () => {
  it("resolves from the document's folder, a leading / from the root", () => {
    expect(resolvePath("docs/a.md", "b.md")).toBe("docs/b.md");
    expect(resolvePath("docs/a.md", "../README.md")).toBe("README.md");
    expect(resolvePath("docs/a.md", "./x/../y.md")).toBe("docs/y.md");
    expect(resolvePath("docs/a.md", "/src/cli.ts")).toBe("src/cli.ts");
    expect(resolvePath("a.md", "sub/")).toBe("sub");
  });
  it("returns null for paths that leave the root", () => {
    expect(resolvePath("docs/a.md", "../../x.md")).toBeNull();
    expect(resolvePath("a.md", "..")).toBeNull();
  });
});

describe("isExternal", () => {
  it("knows schemes and protocol-relative urls", () => {
    for (const u of ["https://x.io/a.md", "mailto:a@b.c", "//cdn.x/y.png", "data:image/png;base64,AA", "vscode://file"]) expect(isExternal(u)).toBe(true);
    for (const u of ["a.md", "./a.md", "#x", "../a.md#b"]) expect(isExternal(u)).toBe(false);
  });
});

describe("pathCandidate", () => {
  it("accepts relative paths with document or source extensions", () => {
    expect(pathCandidate("docs/a.md")).toBe("docs/a.md");
    expect(pathCandidate("./src/cli.ts")).toBe("src/cli.ts");
    expect(pathCandidate("src/cli.ts:42")).toBe("src/cli.ts");
    expect(pathCandidate("docs/a.md#intro")).toBe("docs/a.md");
    expect(pathCandidate("config/x.schema.json")).toBe("config/x.schema.json");
  });
  it("skips placeholders, globs, invocations, urls and non-paths", () => {
    for (const t of [
      "docs/plans/PPP-plan-<slug>.md",
      "docs/specs/NNN-spec.md",
      "packages/{name}/package.json",
      "src/**/*.ts",
      "docs/…/x.md",
      "docs/.../x.md",
      "notes/YYYY-MM-DD.md",
      "aw next-number docs/plans",
      "node scripts/x.mjs",
      "https://x.io/a.md",
      "/etc/x.json",
      "~/.config/x.json",
      "@scope/pkg/x.json",
      "src/cli",
      "a//b.md",
      "docs/.md",
      "--config=x.json",
      "$HOME/x.json",
    ]) {
      expect(pathCandidate(t), t).toBeNull();
    }
  });
});

describe("headingMatches (section names)", () => {
  it("matches equal names ignoring case, whitespace and markup", () => {
    expect(headingMatches("Operating context", "operating  Context")).toBe(true);
    expect(headingMatches("The `flow` step", "The flow step")).toBe(true);
    expect(headingMatches("Delta 4:", "Delta 4")).toBe(true);
  });
  it("matches a prefix only when a separator follows", () => {
    expect(headingMatches("Compact / resume — the rules", "Compact / resume")).toBe(true);
    expect(headingMatches("Delta 4 (retries)", "Delta 4")).toBe(true);
    expect(headingMatches("Delta 4: retries", "Delta 4")).toBe(true);
    expect(headingMatches("Delta 4 - retries", "Delta 4")).toBe(true);
    expect(headingMatches("Delta 42", "Delta 4")).toBe(false);
    expect(headingMatches("Delta 4 retries", "Delta 4")).toBe(false);
    expect(headingMatches("Delta", "Delta 4")).toBe(false);
  });
  it("suggests the closest heading", () => {
    const m = model({ docs: { "a.md": "# Operating context\n\n## Compact / resume\n\n## Other\n" } });
    expect(closestHeading(m.docs[0].headings, "Operating contexts")).toBe("Operating context");
    expect(closestHeading(m.docs[0].headings, "Something unrelated entirely")).toBeNull();
  });
});

describe("resolveLink and anchors (GitHub slugs)", () => {
  const m = model({
    docs: {
      "docs/a.md": [
        "# Title",
        "## Setup",
        "## Setup",
        "## What's new? (v2.0)",
        "## The `aw flow` command",
        "## *Emphasis* and __strong__",
        "## Überblick — Ärger",
        "## A / B",
        '<a id="Custom-Anchor"></a>',
        '<a name="legacy"></a>',
        "",
      ].join("\n\n"),
      "docs/b.md": "# B\n",
    },
    files: ["docs/img.png", "README.md", "notes/out-of-scope.md"],
  });
  const idx = referenceIndex(m);
  const a = m.docs.find((d) => d.file === "docs/a.md")!;
  const anchor = (url: string) => resolveLink(idx, a, url).anchor;

  it("finds slugs with duplicates, punctuation, code, emphasis and unicode", () => {
    expect(anchor("#setup")).toBe("found");
    expect(anchor("#setup-1")).toBe("found");
    expect(anchor("#setup-2")).toBe("missing");
    expect(anchor("#whats-new-v20")).toBe("found");
    expect(anchor("#the-aw-flow-command")).toBe("found");
    expect(anchor("#emphasis-and-strong")).toBe("found");
    expect(anchor("#überblick--ärger")).toBe("found");
    expect(anchor("#%C3%BCberblick--%C3%A4rger")).toBe("found");
    expect(anchor("#a--b")).toBe("found");
    expect(anchor("#a-b")).toBe("missing");
  });
  it("finds explicit anchors and ignores case", () => {
    expect(anchor("#custom-anchor")).toBe("found");
    expect(anchor("#legacy")).toBe("found");
    expect(anchor("#SETUP")).toBe("found");
  });
  it("leaves line fragments and #top alone", () => {
    expect(anchor("#L10")).toBe("unchecked");
    expect(anchor("#L10-L20")).toBe("unchecked");
    expect(anchor("#top")).toBe("unchecked");
  });
  it("resolves files, folders and missing targets", () => {
    expect(resolveLink(idx, a, "b.md#b")).toMatchObject({ status: "ok", path: "docs/b.md", anchor: "found" });
    expect(resolveLink(idx, a, "b.md#nope")).toMatchObject({ status: "ok", anchor: "missing" });
    expect(resolveLink(idx, a, "img.png")).toMatchObject({ status: "ok", path: "docs/img.png", anchor: null });
    expect(resolveLink(idx, a, "../docs/")).toMatchObject({ status: "ok", path: "docs" });
    expect(resolveLink(idx, a, "B.md")).toMatchObject({ status: "missing", path: "docs/B.md" });
    expect(resolveLink(idx, a, "../../x.md")).toMatchObject({ status: "outside-root" });
    expect(resolveLink(idx, a, "inbox/")).toMatchObject({ status: "skipped", path: "docs/inbox" });
    expect(resolveLink(idx, a, "https://x.io/nope.md")).toMatchObject({ status: "external" });
    expect(resolveLink(idx, a, "../.github/workflows/ci.yml")).toMatchObject({ status: "skipped" });
    expect(resolveLink(idx, a, "{{base}}/x.md")).toMatchObject({ status: "skipped" });
    expect(resolveLink(idx, a, "b.md?plain=1")).toMatchObject({ status: "ok", path: "docs/b.md" });
  });
  it("does not judge anchors of Markdown files outside the docs in scope", () => {
    expect(resolveLink(idx, a, "../notes/out-of-scope.md#whatever")).toMatchObject({ status: "ok", anchor: "unchecked" });
  });
});

describe("lookupPath", () => {
  const m = model({ docs: { "skills/w/modules/X.md": "# X\n" }, files: ["skills/w/SKILL.md", "src/cli.ts"] });
  const idx = referenceIndex(m);
  it("looks from the document's folder, each folder above it, and the root", () => {
    expect(lookupPath(idx, "skills/w/modules/X.md", "modules/X.md").status).toBe("exists");
    expect(lookupPath(idx, "skills/w/modules/X.md", "src/cli.ts").status).toBe("exists");
    expect(lookupPath(idx, "skills/w/modules/X.md", "../SKILL.md").status).toBe("exists");
    expect(lookupPath(idx, "skills/w/modules/X.md", "src/gone.ts")).toEqual({
      status: "missing",
      tried: ["skills/w/modules/src/gone.ts", "skills/w/src/gone.ts", "skills/src/gone.ts", "src/gone.ts"],
      expected: ["src/gone.ts"],
    });
    // No folder of the same kind anywhere: another tree (sources not in this checkout, the user's project).
    expect(lookupPath(idx, "skills/w/modules/X.md", "lib/core.mjs").status).toBe("foreign");
    // The path exists under another base: backticked paths have none defined, so it is not judged.
    expect(lookupPath(idx, "skills/w/modules/X.md", "w/SKILL.md").status).toBe("exists");
    expect(lookupPath(idx, "src/a.md", "modules/X.md").status).toBe("foreign");
  });
});

describe("listReferences (inspect)", () => {
  it("lists links and section refs with their resolution, sorted", () => {
    const m = model({
      docs: {
        "a.md": "See [b](b.md#intro) and [gone](gone.md).\n\n[b](b.md) § *Missing part*\n",
        "b.md": "# Intro\n",
      },
    });
    expect(listReferences(m)).toEqual([
      { file: "a.md", line: 1, column: 5, kind: "link", target: "b.md#intro", status: "ok", path: "b.md", fragment: "intro", anchor: "found" },
      { file: "a.md", line: 1, column: 25, kind: "link", target: "gone.md", status: "missing", path: "gone.md", fragment: null, anchor: null },
      { file: "a.md", line: 3, column: 1, kind: "link", target: "b.md", status: "ok", path: "b.md", fragment: null, anchor: null },
      { file: "a.md", line: 3, column: 1, kind: "section", target: "b.md", status: "missing", path: "b.md", section: "Missing part", heading: null },
    ]);
  });
});
