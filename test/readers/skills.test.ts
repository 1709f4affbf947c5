/** The skill-bundle reader: layouts detected (never guessed), front matter and argument declarations. */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { inspect } from "../../compiler/cli/inspect.js";
import { runPipeline } from "../../compiler/pipeline.js";
import { bodyDeclaration, parseArgumentSpec } from "../../compiler/readers/skills/arguments.js";
import { detectLayout } from "../../compiler/readers/skills/layout.js";

describe("skill layouts", () => {
  it("plugin manifest paths, defaults beside it, .claude folders, package skills, sub-skills left to their skill, unknown SKILL.md listed", () => {
    const manifests: Record<string, object> = {
      ".claude-plugin/plugin.json": { name: "w", commands: "./skills/w/commands/", skills: "./skills/" },
      "plugins/ops/.claude-plugin/plugin.json": { name: "ops" },
    };
    const files = [
      ".claude-plugin/plugin.json",
      ".claude/commands/deploy.md",
      ".claude/commands/db/migrate.md",
      ".claude/skills/notes/SKILL.md",
      "misc/SKILL.md",
      "package.json",
      "plugins/ops/.claude-plugin/plugin.json",
      "plugins/ops/commands/ship.md",
      "plugins/ops/skills/audit/SKILL.md",
      "skills/w/SKILL.md",
      "skills/w/commands/README.md",
      "skills/w/commands/quick.md",
      "skills/w/exports/x/SKILL.md",
    ];
    const l = detectLayout(files, (p) => (manifests[p] as never) ?? null);
    expect(l.entries.map((e) => [e.kind, e.layout, e.name, e.aliases])).toEqual([
      ["command", "claude-commands", "/migrate", ["/db:migrate"]],
      ["command", "claude-commands", "/deploy", []],
      ["skill", "claude-skills", "notes", ["/notes"]],
      ["command", "plugin", "/ops:ship", []],
      ["skill", "plugin", "audit", ["/ops:audit"]],
      ["skill", "plugin", "w", ["/w:w"]],
      ["command", "plugin", "/w:quick", []],
    ]);
    expect(l.namespaces).toEqual(["ops", "w"]);
    // Each plugin keeps its root folder: a document inside one belongs to it (bare `/name` resolution).
    expect(l.pluginRoots).toEqual([
      { name: "w", root: "" },
      { name: "ops", root: "plugins/ops" },
    ]);
    expect(l.bareCommands).toBe(true);
    expect(l.unknown.map((u) => u.file)).toEqual(["misc/SKILL.md"]);
  });

  it("a marketplace's skills entries may name one skill's own folder (strict: false) or a folder of skills", () => {
    const files = [
      ".claude-plugin/marketplace.json",
      "skills/xlsx/SKILL.md",
      "skills/pdf/SKILL.md",
      "skills/pdf/forms.md",
      "more/a/SKILL.md",
      "more/b/SKILL.md",
    ];
    const market = {
      plugins: [
        { name: "docs", source: "./", strict: false, skills: ["./skills/xlsx"] },
        { name: "all", source: "./", strict: false, skills: ["./more"] },
      ],
    };
    const l = detectLayout(files, (p) => (p === ".claude-plugin/marketplace.json" ? (market as never) : null));
    expect(l.entries.map((e) => `${e.name} ${e.aliases.join(",")}`)).toEqual(["a /all:a", "b /all:b", "xlsx /docs:xlsx"]);
    // skills/pdf is listed by no entry: an unknown layout, listed and never judged.
    expect(l.unknown.map((u) => u.file)).toEqual(["skills/pdf/SKILL.md"]);
  });

  it("a manifest that does not parse names no namespace", () => {
    const l = detectLayout([".claude-plugin/plugin.json", "commands/a.md"], () => null);
    expect(l.namespaces).toEqual([]);
    expect(l.entries).toEqual([]);
  });
});

describe("argument declarations", () => {
  it("flags with closed values only for literal alternatives", () => {
    expect(
      parseArgumentSpec("[--sessions <ids>] [--audience <gerencia|tecnica>] [--mode interactive|server] [--period last-month|YYYY-MM] [--dry-run] <file>"),
    ).toEqual([
      { flag: "--sessions", values: null },
      { flag: "--audience", values: ["gerencia", "tecnica"] },
      { flag: "--mode", values: ["interactive", "server"] },
      { flag: "--period", values: null },
      { flag: "--dry-run", values: null },
    ]);
  });

  it("a usage line (with its continuation), a Flag table and an Arguments list; nothing else counts", () => {
    const text = [
      "---",
      "name: x",
      "---",
      "Use `--not-a-declaration` freely.",
      "```",
      "/w:x [--a <v>]",
      "     [--b one|two]",
      "```",
      "| Flag | What |",
      "| --- | --- |",
      "| `--c gerencia\\|tecnica` | c |",
      "| `--b` | named again without values: keeps the usage line's |",
      "## Arguments",
      "- `--d` — d",
      "## Other",
      "- `--e` — not an argument list",
    ].join("\n");
    const d = bodyDeclaration("x.md", text, ["/w:x"]);
    expect(d?.source).toBe("usage");
    expect(d?.span.line).toBe(6);
    expect(d?.args).toEqual([
      { flag: "--a", values: null },
      { flag: "--b", values: ["one", "two"] },
      { flag: "--c", values: ["gerencia", "tecnica"] },
      { flag: "--d", values: null },
    ]);
    expect(bodyDeclaration("y.md", "Just prose with `--x`.\n", ["y"])).toBeNull();
  });

  it("an entry named for one of the project's binaries: a bare line runs the binary; its tables are the binary's unless a slash usage line declares", () => {
    const text = ["---", "name: ncu", "---", "```sh", "ncu --deep", "```", "| Flag | Purpose |", "| --- | --- |", "| `--doctor` | the CLI's option |"].join(
      "\n",
    );
    const cli = new Set(["ncu"]);
    // Without the binary, the same text declares the skill's arguments.
    expect(bodyDeclaration("s.md", text, ["ncu"])?.args.map((a) => a.flag)).toEqual(["--deep", "--doctor"]);
    expect(bodyDeclaration("s.md", text, ["ncu"], cli)).toBeNull();
    const slash = `${text}\n\`\`\`\n/ncu [--only <x>]\n\`\`\`\n`;
    const d = bodyDeclaration("s.md", slash, ["ncu"], cli);
    expect(d?.source).toBe("table");
    expect(d?.args.map((a) => a.flag)).toEqual(["--doctor", "--only"]);
    expect(bodyDeclaration("s.md", "```\nw:ncu --x\n```\n", ["/w:ncu"], cli)?.args).toEqual([{ flag: "--x", values: null }]);
  });
});

describe("the bundle in the model and `inspect skills`", () => {
  it("entries with their front matter and declarations, the unknown layout, the bundle row; mentions judged", async () => {
    const root = fileURLToPath(new URL("../fixtures/skills-plugin/", import.meta.url));
    const r = await runPipeline({ root });
    const rows = inspect("skills", r.model) as Record<string, unknown>[];
    expect(rows.map((x) => [x.kind, x.name ?? x.file])).toEqual([
      ["command", "/w:export-reports"],
      ["skill", "release-scripts"],
      ["unknown", "misc/SKILL.md"],
      ["(bundle)", undefined],
    ]);
    expect(rows[1]).toMatchObject({ allowedTools: ["Bash", "Read"], hint: null, arguments: { source: "table", args: [{ flag: "--dry-run", values: null }] } });
    expect(rows[0]).toMatchObject({
      arguments: {
        source: "hint",
        args: [
          { flag: "--since", values: null },
          { flag: "--audience", values: ["gerencia", "tecnica"] },
        ],
      },
      mentions: 1,
    });
    expect(r.diagnostics.filter((d) => d.rule.startsWith("skill/")).map((d) => `${d.rule} ${d.line}:${d.column} ${d.message}`)).toEqual([
      "skill/unknown-argument 3:34 `board` is not a value of `--audience` for `/w:export-reports` (declared: gerencia, tecnica)",
      "skill/unknown-command 3:59 unknown slash command `/w:export-report`: plugin `w` defines no such command",
    ]);
  });
});

describe("the bundle is the documents in scope", () => {
  it("a plugin outside the docs globs (a test fixture) is not the project's bundle", async () => {
    const { mkdtempSync, cpSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const root = mkdtempSync(join(tmpdir(), "docpact-skills-scope-"));
    try {
      cpSync(fileURLToPath(new URL("../fixtures/skills-plugin/", import.meta.url)), join(root, "test/fixtures/p"), { recursive: true });
      writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ docs: ["*.md"] }));
      writeFileSync(join(root, "README.md"), "Run `/w:export-report` and the `Skill: w:nothing`.\n");
      const r = await runPipeline({ root });
      expect(r.model.skills?.entries).toEqual([]);
      expect(r.model.skills?.namespaces).toEqual([]);
      expect(r.diagnostics.filter((d) => d.rule.startsWith("skill/"))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("slash-command mentions", () => {
  it("a usage synopsis continued on indented option lines declares their flags too, each at its place", async () => {
    const { readMarkdown } = await import("../../compiler/readers/markdown.js");
    const { slashMentions } = await import("../../compiler/readers/skills/mentions.js");
    const text = ["# x", "", "```", "/w:report [--since <id>]", "          [--skip] [--dry-run]", "  not [an option]", "```", ""].join("\n");
    const doc = readMarkdown("docs/a.md", text, { binaries: [] });
    const [m, ...rest] = slashMentions(doc, text);
    expect(rest).toEqual([]);
    expect(m.synopsis).toBe(true);
    expect(m.args.map((a) => [a.flag, a.span.line, a.span.column, a.span.endColumn])).toEqual([
      ["--since", 4, 12, 19],
      ["--skip", 5, 12, 18],
      ["--dry-run", 5, 21, 30],
    ]);
  });

  it("an invocation (no bracketed options) takes no continuation lines", async () => {
    const { readMarkdown } = await import("../../compiler/readers/markdown.js");
    const { slashMentions } = await import("../../compiler/readers/skills/mentions.js");
    const text = ["```", "/w:report --since 3", "          [--skip]", "```", ""].join("\n");
    const [m] = slashMentions(readMarkdown("docs/a.md", text, { binaries: [] }), text);
    expect(m.args.map((a) => a.flag)).toEqual(["--since"]);
  });
});
