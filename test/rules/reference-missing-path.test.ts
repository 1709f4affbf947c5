import { describe, expect, it } from "vitest";
import { lintFiles } from "../helpers/rule-tester.js";
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
          "",
          "Targeted tests to add:",
          "",
          "- `src/cli/plan-a.test.ts`",
          "- `src/cli/plan-b.test.ts` (the edge cases)",
        ].join("\n"),
        "docs/plans/2025-11-28-move.md": "Modify `src/cli/old.ts` to call the new helper.\n",
        "docs/archive/guide-v1.md": "Templates live in `src/cli/templates.ts`.\n",
        "docs/howto.md": "> ⚠️ **HISTORICAL (pre-redesign).** Kept as a record.\n\nTemplates live in `src/cli/templates.ts`.\n",
        "docs/blog/v2-release.md": "The parser moved out of `src/cli/parse.ts`.\n",
        "skills/review/SKILL.md": "---\nname: review\ndescription: Review.\n---\n\nRead `src/cli/tracks.ts` before you start.\n",
        "skills/review/references/steps.md": "Then update `src/cli/tracks.ts`.\n",
      },
      files: [...files, "package.json"],
    });
    expect(await run(rule, m)).toEqual([]);
  });

  it("a path whose file the fence above names, when the words send the reader back to it or a tree draws it, is not judged", async () => {
    const m = project({
      docs: {
        "docs/nav.md": "# Nav\n\n```yaml\nnav:\n  - index.md\n  - about.md\n```\n\nThe source files for the above configuration would be at `docs/about.md`.\n",
        "docs/tree.md":
          "# Paths\n\n```tree\ncontent/\n└── s1/\n    ├── p1\n    └── p2\n```\n\nIn the file tree, the relative path from p1 to p2 is `../p2.md`.\n",
      },
      files: [...files, "docs/index.md"],
    });
    expect(await run(rule, m)).toEqual([]);
  });

  it("invalid: a fence that names the file without sending the reader back, or a tree listing it with its extension, leaves the path judged", async () => {
    const m = project({
      docs: {
        "docs/nav.md": "# Nav\n\n```yaml\nnav:\n  - index.md\n  - about.md\n```\n\nOur own page lives at `docs/about.md`.\n",
        "docs/tree.md": "# Layout\n\n```\ndocs/\n├── guide.md\n└── p2.md\n```\n\nSee `docs/p2.md`.\n",
      },
      files: [...files, "docs/index.md", "docs/guide.md"],
    });
    expect(lines(await run(rule, m)).map((l) => l.split(" ")[0])).toEqual(["docs/nav.md:9:23", "docs/tree.md:9:5"]);
  });

  it("a path its sentence says is still to come is not judged", async () => {
    const m = project({
      docs: {
        "docs/a.md": "`src/cli/pack.ts` automates this once the build pipeline lands.\n\nA helper in `src/cli/helper.ts` will be added later.\n",
      },
      files,
    });
    expect(await run(rule, m)).toEqual([]);
  });

  it("invalid: the same paths in the present tense are judged", async () => {
    const m = project({ docs: { "docs/a.md": "`src/cli/pack.ts` automates this.\n\nA helper lives in `src/cli/helper.ts`.\n" }, files });
    expect(lines(await run(rule, m)).map((l) => l.split(" ")[0])).toEqual(["docs/a.md:1:1", "docs/a.md:3:19"]);
  });

  it("invalid: the same paths in ordinary pages are judged", async () => {
    const m = project({
      docs: { "docs/guide-v1.md": "Templates live in `src/cli/templates.ts`.\n", "docs/upgrade.md": "The parser moved out of `src/cli/parse.ts`.\n" },
      files,
    });
    expect(lines(await run(rule, m)).map((l) => l.split(" ")[0])).toEqual(["docs/guide-v1.md:1:19", "docs/upgrade.md:1:25"]);
  });

  it("invalid: a skill's path into one of its own folders names the bundle's file, judged", async () => {
    const m = project({
      docs: { "skills/review/SKILL.md": "---\nname: review\ndescription: Review.\n---\n\nSee `references/steps.md` and `references/gone.md`.\n" },
      files: [...files, "package.json", "skills/review/references/steps.md"],
    });
    expect(lines(await run(rule, m)).map((l) => l.split(" ").slice(0, 3).join(" "))).toEqual(["skills/review/SKILL.md:6:31 path references/gone.md"]);
  });

  it("invalid: a list under a lead-in that does not say its items are to be made names files that must exist", async () => {
    const m = project({ docs: { "docs/a.md": "Files changed:\n- `src/cli/flw.ts`\n\nWhere to add tests:\n- `src/cli/advnce.ts`\n" }, files });
    expect(lines(await run(rule, m)).map((l) => l.split(" ")[0])).toEqual(["docs/a.md:2:3", "docs/a.md:5:3"]);
  });

  it("invalid: a verb that names where to add something points at a file that must exist", async () => {
    const m = project({ docs: { "docs/a.md": "Add your command to `src/cli/advance.ts` and create a test in `src/cli/flw.ts`.\n" }, files });
    expect(lines(await run(rule, m)).map((l) => l.split(" ")[0])).toEqual(["docs/a.md:1:21", "docs/a.md:1:63"]);
  });
});

describe("reference/missing-path: whose file a path names (issues 25, 29)", () => {
  const silent = async (doc: string, extra: Record<string, string> = {}) =>
    lines(await run(rule, project({ docs: { "docs/a.md": doc, ...extra }, files }))).map((l) => l.split(" ").slice(0, 3).join(" "));

  it("a path whose content the fence below shows is an example file: counted, not judged", async () => {
    expect(await silent("In `src/cli/members.ts`:\n\n```ts\nexport const x = 1;\n```\n")).toEqual([]);
    expect(await silent("This file would be `src/cli/nav.ts`\n\n{% raw %}\n```ts\nx\n```\n{% endraw %}\n")).toEqual([]);
  });

  it("a path named in an example a fence above shows (titled with a file not here, or called an example), in the same section: counted, not judged", async () => {
    const titled =
      '```yml title=".github/workflows/deploy.yml"\nsteps:\n  - run: node src/cli/deploy.ts\n```\n\nFrom these scripts, `src/cli/deploy.ts` is an entry file.\n';
    expect(await silent(titled)).toEqual([]);
    const called = "Take this example config:\n\n```js\nentry: './src/cli/vendor.ts'\n```\n\nThe plugin adds `./src/cli/vendor.ts`.\n";
    expect(await silent(called)).toEqual([]);
    expect(await silent("In this example, the include inserts `src/cli/footer.ts`.\n")).toEqual([]);
  });

  it("invalid: a fence above that is not an example, or one in an earlier section, leaves the path judged", async () => {
    const plain = "Run it:\n\n```sh\nnode src/cli/flw.ts\n```\n\nThen `src/cli/flw.ts` starts.\n";
    expect(await silent(plain)).toEqual(["docs/a.md:7:6 path src/cli/flw.ts"]);
    const earlier = "Take this example:\n\n```sh\nnode src/cli/flw.ts\n```\n\n## Next\n\nThen `src/cli/flw.ts` starts.\n";
    expect(await silent(earlier)).toEqual(["docs/a.md:9:6 path src/cli/flw.ts"]);
  });

  it("invalid: a path with words after it on its line, or no fence below, is judged", async () => {
    expect(await silent("In `src/cli/members.ts` the list is read.\n\n```ts\nx\n```\n")).toEqual(["docs/a.md:1:4 path src/cli/members.ts"]);
    expect(await silent("See `src/cli/members.ts`:\n\nThen go on.\n")).toEqual(["docs/a.md:1:5 path src/cli/members.ts"]);
  });

  it("a later step of a tutorial (a document of the same folder) naming a file an earlier one creates is not judged", async () => {
    const r = await silent("Now style `src/cli/nav.ts`.\n", { "docs/b.md": "Create `src/cli/nav.ts` with this content.\n" });
    expect(r).toEqual([]);
  });

  it("invalid: the tutorial's file is the same folder's only: another folder's document is judged", async () => {
    const r = lines(
      await run(rule, project({ docs: { "guide/a.md": "Now style `src/cli/nav.ts`.\n", "docs/b.md": "Create `src/cli/nav.ts` with this content.\n" }, files })),
    ).map((l) => l.split(" ").slice(0, 3).join(" "));
    expect(r).toEqual(["guide/a.md:1:11 path src/cli/nav.ts"]);
  });

  it("examples, placeholder names, the reader's files and other repositories' or packages' files are not judged", async () => {
    const doc = [
      "For example, if the rule source file is `src/cli/rule.ts` then the test file is elsewhere.",
      "",
      "- **Examples**: `src/cli/finance.ts` for schemas",
      "",
      "The test lives in `src/cli/foo.ts`; your post `src/cli/my-file.ts` too.",
      "",
      "Suppose a tag in your `src/cli/data.ts` file.",
      "",
      "If you have `src/cli/styles.ts` in your site's source folder it is processed.",
      "",
      "Copy the main file (`src/cli/minima.ts` in the Minima theme) first.",
      "",
      "In the `eslint/eslint.org` repository, submit a PR to set `upcomingVersion = 1` in `src/cli/release-data.ts`.",
    ].join("\n");
    expect(await silent(doc)).toEqual([]);
  });

  it("invalid: the same paths without those words are judged", async () => {
    const doc = [
      "The rule source file is `src/cli/rule.ts`.",
      "",
      "- **Sources**: `src/cli/finance.ts` for schemas",
      "",
      "The test lives in `src/cli/food.ts`.",
      "",
      "In the `eslint/eslint.org` folder, submit a PR to set `upcomingVersion = 1` in `src/cli/release-data.ts`.",
    ].join("\n");
    expect(await silent(doc)).toEqual([
      "docs/a.md:1:25 path src/cli/rule.ts",
      "docs/a.md:3:16 path src/cli/finance.ts",
      "docs/a.md:5:19 path src/cli/food.ts",
      "docs/a.md:7:80 path src/cli/release-data.ts",
    ]);
  });
});

describe("reference/missing-path: lists and tables judged by their lead-in and entries (issues 29, 31)", () => {
  const silent = async (doc: string) => lines(await run(rule, project({ docs: { "docs/a.md": doc }, files }))).map((l) => l.split(" ").slice(0, 3).join(" "));

  it("a list or table its lead-in gives as examples or tells the reader to make, or one naming placeholders: counted, not judged", async () => {
    const doc = [
      "Example: When building a `big-query` skill the analysis shows:",
      "",
      "1. Querying requires the schemas each time",
      "2. A `src/cli/schema.ts` file documenting them would help",
      "",
      "**Fix:** Create a `src/cli/` folder and move supporting material there:",
      "- Rubrics → `src/cli/rubrics.ts`",
      "",
      "For example, for section pages:",
      "",
      "Output format|Template path",
      ":--|:--",
      "`html`|`src/cli/section.html.ts`",
      "",
      "The lookup order is:",
      "",
      "1. `src/cli/posts.ts`",
      "1. `themes/my-theme/src/cli/posts.ts`",
      "",
      "Name|Template",
      ":--|:--",
      "foo|`src/cli/foo.en.ts`",
      "",
      "When an entry file like `src/cli/main.ts` has a hashbang it is made executable.",
      "",
      "Wenn du zum Beispiel eine `src/cli/about.ts` Datei hast, erstelle sie überall.",
      "",
      "Например, создайте `src/cli/index.ts` для главной страницы.",
    ].join("\n");
    expect(await silent(doc)).toEqual([]);
  });

  it("invalid: the same lists and tables under a plain lead-in, without placeholders, are judged", async () => {
    const doc = [
      "The analysis shows:",
      "",
      "1. A `src/cli/schema.ts` file documents them",
      "",
      "Supporting material is here:",
      "- Rubrics → `src/cli/rubrics.ts`",
      "",
      "For section pages:",
      "",
      "Output format|Template path",
      ":--|:--",
      "`html`|`src/cli/section.html.ts`",
      "",
      "When the entry `src/cli/main.ts` has a hashbang it is made executable.",
    ].join("\n");
    expect(await silent(doc)).toEqual([
      "docs/a.md:3:6 path src/cli/schema.ts",
      "docs/a.md:6:13 path src/cli/rubrics.ts",
      "docs/a.md:12:8 path src/cli/section.html.ts",
      "docs/a.md:14:16 path src/cli/main.ts",
    ]);
  });
});

describe("reference/missing-path: a plugin's subagent prompts", () => {
  it("a file in a plugin's agents/ folder names the working project's files (counted); one outside a plugin is judged", async () => {
    const files = {
      "package.json": { name: "x" },
      "plugins/p/.claude-plugin/plugin.json": { name: "p" },
      "plugins/p/commands/go.md": "---\ndescription: Go.\n---\n\nGo.\n",
      "plugins/p/agents/checker.md": "Read `conductor/tracks.md` first.\n",
      "docs/agents/notes.md": "Read `conductor/trakcs.md` first.\n",
      "conductor/index.md": "# I\n",
      "docpact.config.json": { docs: ["**/*.md"], schemas: [], code: { include: [] } },
    };
    const r = await lintFiles(rule, files);
    expect(r.diagnostics.map((d) => `${d.file}:${d.line}`)).toEqual(["docs/agents/notes.md:1"]);
    expect(r.notJudged.filter((n) => n.file === "plugins/p/agents/checker.md").map((n) => n.reason)).toEqual([
      "a plugin's subagent prompt: its paths name files of the project the agent works in",
    ]);
  });
});

describe("reference/missing-path: paths the repository's .gitignore ignores", () => {
  it("a missing path .gitignore ignores (a build output) is counted, not judged, naming the file; an unignored one beside it is judged", async () => {
    const files = {
      ".gitignore": "src/cli/generated.ts\n",
      "src/cli/flow.ts": "export {};\n",
      "src/cli/run.ts": "export {};\n",
      "docs/a.md": "The build writes `src/cli/generated.ts`; the entry is `src/cli/flw.ts`.\n",
      "docpact.config.json": { docs: ["docs/**/*.md"], schemas: [], code: { include: [] } },
    };
    const r = await lintFiles(rule, files);
    expect(r.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}`)).toEqual(["docs/a.md:1:55"]);
    expect(r.notJudged.filter((n) => n.file === "docs/a.md").map((n) => n.reason)).toEqual([
      "src/cli/generated.ts is ignored by .gitignore (made at build time or kept out of the repository)",
    ]);
  });
});

describe("reference/missing-path: list items labelled by project names", () => {
  const references = (ownLabel: string) =>
    [
      "# Plan",
      "",
      "## References",
      "",
      "- MyndHyve: `docs/EXECUTIVE_SUMMARY.md`, `docs/guide.md`.",
      `- ${ownLabel}: \`docs/guide.md\`, \`docs/gide.md\`.`,
      "- **openwop spec:** `docs/rfc-0118.md`.",
      "",
    ].join("\n");
  const files = (doc: string) => ({
    "package.json": { name: "openwop-app" },
    "docs/guide.md": "# Guide\n",
    "docs/plan.md": doc,
    "docpact.config.json": { docs: ["docs/**/*.md"], schemas: [], code: { include: [] } },
  });

  it("beside an item labelled with this project's name, another label's paths are another project's (counted); the own item's are judged", async () => {
    const r = await lintFiles(rule, files(references("openwop-app")));
    expect(r.diagnostics.map((d) => `${d.line}:${d.column}`)).toEqual(["6:33"]);
    expect(r.notJudged.filter((n) => n.file === "docs/plan.md").map((n) => `${n.line} ${n.reason}`)).toEqual([
      '5 a list item labelled "MyndHyve:" beside one labelled with this project\'s name (openwop-app): a file of that other project',
      '7 a list item labelled "openwop spec:" beside one labelled with this project\'s name (openwop-app): a file of that other project',
    ]);
  });

  it("without an item naming this project, labels are only labels: every missing path is judged", async () => {
    const r = await lintFiles(rule, files(references("Here")));
    expect(r.diagnostics.map((d) => d.line)).toEqual([5, 6, 7]);
  });
});

describe("reference/missing-path: folders the document makes the reader's", () => {
  const files = (lead: string) => ({
    "_sass/_style.scss": "",
    "_sass/_fonts.scss": "",
    "css/main.scss": "",
    "docs/sass.md": `# Sass\n\n${lead}\n\nJekyll 4 does not allow importing a \`main\` partial (\`_sass/main.scss\`) from a page of the same name, \`css/main.scss\`.\n`,
    "docpact.config.json": { docs: ["docs/**/*.md"], schemas: [], code: { include: [] } },
  });

  it("a path under a folder the words earlier make the reader's (`the _sass directory relative to your site`) is counted, not judged", async () => {
    const r = await lintFiles(rule, files("Jekyll looks for partials in the `_sass` directory relative to your site's `source` directory."));
    expect(r.diagnostics).toEqual([]);
    expect(r.notJudged.filter((n) => n.file === "docs/sass.md").map((n) => n.reason)).toEqual([
      "under `_sass`, a folder the words of this document make the reader's (`your x`, `x relative to your site`, `the local x directory`)",
    ]);
  });

  // An eject walkthrough: the command copies a component into the reader's project, then the steps name the copy.
  const eject = (lead: string, step: string) => ({
    "website/theme/components/Hero.tsx": "",
    "website/docs/en/theme.md": `# Theme\n\n1. ${lead}\n2. ${step}\n`,
    "docpact.config.json": { docs: ["website/docs/**/*.md"], schemas: [], code: { include: [] } },
  });

  it("a path under a nested folder the words make the reader's (`the local theme/components directory`) is counted, not judged", async () => {
    for (const [lead, step] of [
      ["Rspress ejects the component source code to the local `theme/components` directory.", "Modify `theme/components/DocFooter.tsx` as needed."],
      ["Rspress 会将指定组件的源码 eject 到本地 `theme/components` 目录。", "任意修改 `theme/components/DocFooter.tsx`。"],
    ]) {
      const r = await lintFiles(rule, eject(lead, step));
      expect(r.diagnostics, lead).toEqual([]);
      expect(r.notJudged.map((n) => n.reason)).toContain(
        "under `theme/components`, a folder the words of this document make the reader's (`your x`, `x relative to your site`, `the local x directory`)",
      );
    }
  });

  it("invalid: the nested folder named as this repository's leaves the path judged", async () => {
    const r = await lintFiles(
      rule,
      eject("The site keeps its components in the `theme/components` directory.", "Modify `theme/components/DocFooter.tsx` as needed."),
    );
    expect(r.diagnostics.map((d) => `${d.line} ${d.message.split(" (")[0]}`)).toEqual(["4 path theme/components/DocFooter.tsx does not exist"]);
  });

  it("invalid: the same folder named as this repository's leaves the path judged", async () => {
    const r = await lintFiles(rule, files("The theme keeps its partials in the `_sass` directory of this repository."));
    expect(r.diagnostics.map((d) => `${d.line} ${d.message.split(" (")[0]}`)).toEqual(["5 path _sass/main.scss does not exist"]);
  });
});

describe("reference/missing-path after a command that creates another project", () => {
  // A framework guide: this repository has src/*.css, the guide's `src/global.css` is the new app's.
  const guide = (setup: string) => ({
    "package.json": { name: "flowkit" },
    "src/main.css": "",
    "src/themes/dark.css": "",
    "docs/qwik.md": `# Qwik\n\n${setup}\n\nThen import Flowkit in \`src/global.css\`.\n\nOur own styles are in \`src/mian.css\`.\n`,
    "docpact.config.json": { docs: ["docs/**/*.md"], schemas: [], code: { include: [] } },
  });

  it("paths after `npm create`, `npx create-*`, `git clone` of another repository are that project's: counted, not judged", async () => {
    for (const [setup, why] of [
      ["```bash\nnpm create qwik@latest\ncd qwik-app\n```", "the document creates another project before it (`npm create qwik@latest`, line 4)"],
      ["Run `npx create-next-app@latest my-app`.", "the document creates another project before it (`npx create-next-app@latest my-app`, line 3)"],
      // A generator's shortcode holds the command: the text's lines are read, not only its code.
      [
        '{{< code lang="bash" >}}\nnpx degit solidjs/templates/js app\n{{< /code >}}',
        "the document creates another project before it (`npx degit solidjs/templates/js app`, line 4)",
      ],
      [
        "```sh\ngit clone https://github.com/acme/qwik-example.git\n```",
        "the document clones another repository before it (`git clone https://github.com/acme/qwik-example.git`, line 4)",
      ],
    ]) {
      const r = await lintFiles(rule, guide(setup));
      expect(r.diagnostics, setup).toEqual([]);
      expect(r.notJudged.map((n) => n.reason)).toContain(`${why}: its paths are ${why.includes("clones") ? "that repository's" : "that project's"}`);
    }
  });

  it("a clone of this repository (a contributing guide) and a path before the command stay judged", async () => {
    const own = await lintFiles(rule, guide("```sh\ngit clone https://github.com/acme/flowkit.git\n```"));
    expect(lines(own.diagnostics)).toEqual([
      "docs/qwik.md:7:24 path src/global.css does not exist (looked from docs/ or any folder above it)",
      "docs/qwik.md:9:23 path src/mian.css does not exist (looked from docs/ or any folder above it)",
    ]);
    const later = await lintFiles(rule, {
      ...guide("Start here."),
      "docs/qwik.md": "# Qwik\n\nSee `src/mian.css`.\n\n## A new app\n\nCreate one:\n\n```sh\nnpm create qwik@latest\n```\n",
    });
    expect(lines(later.diagnostics)).toEqual(["docs/qwik.md:3:5 path src/mian.css does not exist (looked from docs/ or any folder above it)"]);
  });
});
