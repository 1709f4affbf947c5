import { describe, expect, it } from "vitest";
import rule from "../../compiler/rules/reference/missing-path.js";
import { lines, project, run } from "./reference-helpers.js";

const files = ["src/cli/flow.ts", "src/cli/run.ts", "schemas/run.schema.json", "skills/w/modules/PLAN.md", "other/kb/decisions/web.md"];

describe("reference/missing-path", async () => {
  it("valid: existing paths from the doc folder, folders above it or the root; placeholders; non-paths; foreign trees", async () => {
    const m = project({
      docs: {
        "skills/w/modules/X.md": [
          "Read `modules/PLAN.md`, `src/cli/flow.ts:12`, `./PLAN.md`, `../modules/PLAN.md#intro` and `schemas/run.schema.json`.",
          "",
          "Write `docs/plans/PPP-plan-<slug>.md`, `docs/specs/NNN-spec.md`, `src/**/*.ts`, `packages/{name}/package.json`.",
          "",
          "Run `aw next-number docs/plans` or `node scripts/x.mjs`; see `https://x.io/a.md`, `~/.config/x.json`, `/etc/x.json`.",
          "",
          "Each skill has a `SKILL.md`; the agent keeps `./log.md`.",
          "",
          "Sources not in this tree: `lib/core.mjs`, `src/cli/theme.css`; another base: `decisions/web.md`.",
          "",
          "Documented in pi's `src/cli/skills.ts`, and `src/cli/aweb.ts` in the aweb repo.",
          "",
          "Hidden: `.github/workflows/ci.yml`.",
        ].join("\n"),
      },
      files,
    });
    expect(await run(rule, m)).toEqual([]);
  });

  it("invalid: a renamed file whose folder still holds files of its kind", async () => {
    const m = project({
      docs: {
        "docs/a.md": "The wire format is `schemas/run-event.schema.json`,\nimplemented in `src/cli/advance.ts`.\n",
      },
      files,
    });
    const r = await run(rule, m);
    expect(lines(r)).toEqual([
      "docs/a.md:1:20 path schemas/run-event.schema.json does not exist (looked from docs/ or any folder above it)",
      "docs/a.md:2:16 path src/cli/advance.ts does not exist (looked from docs/ or any folder above it)",
    ]);
  });
});

describe("reference/missing-path and links (issue 27)", () => {
  it("a backticked path that is a link's label is left to reference/broken-link: reported once", async () => {
    const m = project({
      docs: { "docs/a.md": "See [`schemas/run-event.schema.json`](../schemas/run-event.schema.json).\n\nAnd `src/cli/advance.ts`.\n" },
      files,
    });
    expect(lines(await run(rule, m)).map((l) => l.split(" ")[0])).toEqual(["docs/a.md:3:5"]);
  });

  it("paths to be created, in records of the past and in an agent's prompts are counted, not judged", async () => {
    const m = project({
      docs: {
        "docs/tutorial.md": [
          "Create a file for the navigation at `src/cli/nav.ts` with this content.",
          "",
          "7. Save as `src/cli/agent-name.ts`",
          "",
          "**File:** `src/cli/deploy.ts`",
          "",
          "- Create: `src/cli/server.ts`",
        ].join("\n"),
        "docs/plans/2025-11-28-move.md": "Modify `src/cli/old.ts` to call the new helper.\n",
        "skills/review/SKILL.md": "---\nname: review\ndescription: Review.\n---\n\nRead `src/cli/tracks.ts` before you start.\n",
        "skills/review/references/steps.md": "Then update `src/cli/tracks.ts`.\n",
      },
      files: [...files, "package.json"],
    });
    expect(await run(rule, m)).toEqual([]);
  });

  it("invalid: a skill's path into one of its own folders names the bundle's file, judged", async () => {
    const m = project({
      docs: { "skills/review/SKILL.md": "---\nname: review\ndescription: Review.\n---\n\nSee `references/steps.md` and `references/gone.md`.\n" },
      files: [...files, "package.json", "skills/review/references/steps.md"],
    });
    expect(lines(await run(rule, m)).map((l) => l.split(" ").slice(0, 3).join(" "))).toEqual(["skills/review/SKILL.md:6:31 path references/gone.md"]);
  });

  it("invalid: a verb that names where to add something points at a file that must exist", async () => {
    const m = project({ docs: { "docs/a.md": "Add your command to `src/cli/advance.ts` and create a test in `src/cli/flw.ts`.\n" }, files });
    expect(lines(await run(rule, m)).map((l) => l.split(" ")[0])).toEqual(["docs/a.md:1:21", "docs/a.md:1:63"]);
  });
});
