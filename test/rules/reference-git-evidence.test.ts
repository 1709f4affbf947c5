/** The reference rules with git history in the model: evidence in messages, renames as suggestions, whole-folder deletions. */
import { describe, expect, it } from "vitest";
import missingPath from "../../compiler/rules/reference/missing-path.js";
import brokenLink from "../../compiler/rules/reference/broken-link.js";
import { parseRemovals } from "../../compiler/git/history.js";
import type { ContractModel } from "../../compiler/model/contract-model.js";
import { model, runModel as run } from "./reference-helpers.js";

const LOG =
  "\x1ec3eac20\x1ffeat: redesign core\0\nD\0skills/agent-workflow/references/objetivo-tasks.md\0D\0skills/agent-workflow/SKILL.md\0R090\0docs/guide.md\0docs/handbook.md\0" +
  "\x1ea1b2c3d\x1fmove the cli\0\nR100\0src/cli/old.ts\0src/cli/new.ts\0";

function withHistory(m: ContractModel): ContractModel {
  return { ...m, history: { removals: parseRemovals(LOG) } };
}

const docs = {
  "docs/design/guide.md": [
    "Readers: `skills/agent-workflow/references/objetivo-tasks.md`.",
    "",
    "The CLI lives in `src/cli/old.ts`.",
    "",
    "Never existed: `skills/planned/x.md`.",
    "",
    "In the aweb repo: `skills/agent-workflow/SKILL.md`.",
    "",
    "See [the guide](../guide.md) and [the skill](../../skills/agent-workflow/SKILL.md).",
  ].join("\n"),
};
const files = ["docs/handbook.md", "src/cli/new.ts", "src/cli/main.ts", "skills/w/SKILL.md"];

describe("reference/missing-path with git history", () => {
  it("names the commit that removed a reported path, a rename is the suggestion; a path whose whole folder is gone stays silent (history never decides a finding)", () => {
    const r = run(missingPath, withHistory(model({ docs, files })));
    expect(r.map((x) => [x.line, x.message, x.suggestion])).toEqual([
      [
        3,
        "path src/cli/old.ts does not exist (looked from docs/design/ or any folder above it); renamed to src/cli/new.ts in a1b2c3d (move the cli)",
        "src/cli/new.ts",
      ],
    ]);
  });

  it("without history the whole-folder case stays silent and messages are as before", () => {
    const r = run(missingPath, model({ docs, files }));
    expect(r.map((x) => [x.line, x.message, x.suggestion])).toEqual([
      [3, "path src/cli/old.ts does not exist (looked from docs/design/ or any folder above it)", undefined],
    ]);
  });
});

describe("reference/broken-link with git history", () => {
  it("names the commit that removed or renamed the target; the rename's new path is the suggestion", () => {
    const r = run(brokenLink, withHistory(model({ docs, files })));
    expect(r.map((x) => [x.message, x.suggestion])).toEqual([
      ["link target ../guide.md does not exist (docs/guide.md); renamed to docs/handbook.md in c3eac20 (feat: redesign core)", "../handbook.md"],
      [
        "link target ../../skills/agent-workflow/SKILL.md does not exist (skills/agent-workflow/SKILL.md); removed in c3eac20 (feat: redesign core)",
        "../../skills/w/SKILL.md",
      ],
    ]);
  });
});
