import { describe, expect, it } from "vitest";
import rule from "../../compiler/rules/reference/missing-section.js";
import { lines, project, run } from "./reference-helpers.js";

const chassis = ["# Chassis", "## Operating context", "## Compact / resume — the rules", "## Delta 4 (retries)", "## Delta 42", "## The `flow` step", ""].join(
  "\n\n",
);

describe("reference/missing-section", async () => {
  it("valid: equal names, prefixes followed by a separator, markup and case ignored, parenthesized form, backticked paths", async () => {
    const m = project({
      docs: {
        "loops/CHASSIS.md": chassis,
        "skills/x/SKILL.md": [
          "See [the chassis](../../loops/CHASSIS.md) § *Operating context*.",
          "",
          "And [loop](../../loops/CHASSIS.md) (§ *Compact / resume*) and `../../loops/CHASSIS.md` § *delta 4*.",
          "",
          "Also [c](../../loops/CHASSIS.md) § *The flow step*, [out](../../notes/x.md) § *Anything*, [gone](../../gone.md) § *X*.",
        ].join("\n"),
      },
      files: ["notes/x.md"],
    });
    expect(await run(rule, m)).toEqual([]);
  });

  it("valid: a name the target has as a bold entry (a table row, a quote's lead), no heading: not judged", async () => {
    const harness =
      "# Harness\n\n## Capability catalog\n\n| Capability | What |\n|---|---|\n| **host-memory** | recover state |\n\n> **web-research (consent).** One consumer.\n";
    const m = project({
      docs: {
        "harness/HARNESS.md": harness,
        "a.md": "See [h](harness/HARNESS.md) § *host-memory*.\n\nAnd [h](harness/HARNESS.md) § *web-research*.\n\nBut [h](harness/HARNESS.md) § *host*.\n",
      },
    });
    expect(lines(await run(rule, m))).toEqual(['a.md:5:5 harness/HARNESS.md has no section "host"']);
  });

  it("invalid: renamed headings and names that are only a prefix without a separator", async () => {
    const m = project({
      docs: {
        "loops/CHASSIS.md": chassis,
        "a.md": "[c](loops/CHASSIS.md) § *Operating contexts*\n\n[c](loops/CHASSIS.md) (§ *Delta*)\n\n[c](loops/CHASSIS.md) § *Compact*\n",
      },
    });
    const r = await run(rule, m);
    expect(lines(r)).toEqual([
      'a.md:1:1 loops/CHASSIS.md has no section "Operating contexts"',
      'a.md:3:1 loops/CHASSIS.md has no section "Delta"',
      'a.md:5:1 loops/CHASSIS.md has no section "Compact"',
    ]);
    expect(r[0].suggestion).toBe("Operating context");
    expect(r[0].related).toEqual([{ file: "loops/CHASSIS.md", line: 1, column: 1, message: "target document" }]);
  });
});
