import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script of the harness, without types
import { flagAttribution, isOtherProgram } from "../../scripts/eval/attribution.mjs";

describe("harness: flag mentions by whose they are", () => {
  it("reasons that put a flag in another program's mouth are another's; partial knowledge of the CLI is its own", () => {
    for (const r of [
      "a flag whose paragraph names another tool (`git`)",
      "a flag whose section runs another program (`npm`)",
      "a flag whose page runs another program (`create-vite`)",
      "a flag whose section heading names another tool (`install`)",
      "a flag under a heading that names another tool (`node`)",
      "a flag whose paragraph runs another tool (`git push --force`)",
      "a flag linked to an external page (nodejs.org)",
      "a flag listed with `push`, a word no command of the CLI is (another tool's operations)",
      "an argument `/w:workspace-init` declares (skill/unknown-argument judges it)",
      "a flag prefix (`--no-`), not a flag",
      "a dash word no CLI flag is written as (`-moz-initial`), its paragraph and section naming no binary",
    ])
      expect(isOtherProgram(r), r).toBe(true);
    for (const r of [
      "open flag set: `strict: false` accepts any flag",
      "the document is a record (it is kept under blog/, dated posts): its flags are its time's",
      "a flag whose paragraph says it was removed, renamed or deprecated",
      "a flag whose page shows an invocation that is not judged",
      "a flag whose section invokes more than one binary",
      "a flag whose paragraph and section name no binary",
    ])
      expect(isOtherProgram(r), r).toBe(false);
  });

  it("every reason template of the flag rules that names another tool or program is classified so (the two stay in step)", () => {
    const src = ["compiler/rules/cli/flag-context.ts", "compiler/rules/cli/unknown-flag.ts"].map((f) => readFileSync(f, "utf8")).join("\n");
    // A template's `${…}` parts stand for a scope word or a name; escaped backticks are backticks.
    const templates = [...src.matchAll(/`((?:a flag |an argument )(?:\\`|[^`])*)`/g)].map((m) => m[1].replace(/\$\{[^}]*\}/g, "section").replace(/\\`/g, "`"));
    const naming = templates.filter((t) => /another (tool|program)/.test(t) && !/more than one/.test(t));
    expect(naming.length).toBeGreaterThan(4);
    for (const t of naming) expect(isOtherProgram(t), t).toBe(true);
  });

  it("sums a report's not-judged flags by whose they are", () => {
    const notJudged = {
      byRule: {
        "cli/unknown-flag": { total: 6, reasons: { "a flag whose paragraph names another tool (`git`)": 4, "open flag set: x": 2 } },
        "cli/unknown-command": { total: 1, reasons: { "a flag whose paragraph names another tool (`git`)": 1 } },
      },
    };
    expect(flagAttribution(notJudged)).toEqual({ other: 4, own: 2 });
    expect(flagAttribution(undefined)).toEqual({ other: 0, own: 0 });
  });
});
