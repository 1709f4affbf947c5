/**
 * End-to-end: what git history says about a heading, a command and a
 * vocabulary member that are gone. Each test builds its repository (fixed
 * author and date) and commits the rename or removal itself; the CLI (in
 * process; the built bin where git's call count or PATH is the subject)
 * then names the commit, and a rename gives the suggestion. Git is called
 * the same bounded number of times however many findings there are (the
 * content log only when a finding asks for evidence), and without git the
 * findings are the same, without evidence.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runCli, runCliInProcess } from "../helpers/cli.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";

interface Finding {
  rule: string;
  line: number;
  message: string;
  suggestion?: string;
}

const CONFIG = { docs: ["docs/**/*.md", "README.md"], schemas: ["schemas/**/*.json"], code: { include: [] as string[] } };
// Only the command tests read code: without it no TypeScript is loaded and each run is quick.
const CODE_CONFIG = { ...CONFIG, code: { include: ["src/**/*.ts"] }, cli: { commandType: "CommandSpec" } };
const SPEC = "interface CommandSpec { name: string; verbs?: string[]; flags?: string[] }\n";

function project(config: object = CONFIG): TestRepo {
  const repo = new TestRepo();
  repo.write({
    "package.json": JSON.stringify({ name: "aw", bin: { aw: "src/cli.ts" } }),
    "docpact.config.json": JSON.stringify(config),
    "src/cli.ts": `${SPEC}export const flow = { name: "flow", verbs: ["advance", "close"], flags: ["--json"] } satisfies CommandSpec;\nexport const status = { name: "status" } satisfies CommandSpec;\n`,
    "src/legacy.ts": `${SPEC}export const legacy = { name: "legacy" } satisfies CommandSpec;\n`,
    "schemas/events.schema.json":
      '{\n  "$defs": {\n    "eventType": {\n      "enum": [\n        "run.started",\n        "run.finished",\n        "run.failed",\n        "run.paused"\n      ]\n    }\n  }\n}\n',
    "docs/protocol.md": "# Protocol\n\n## Retry policy\n\nRetries back off.\n\n## Legacy mode\n\nOld.\n\n## Events\n\nListed.\n",
    "README.md": [
      "# Project",
      "",
      "See [retries](docs/protocol.md#retry-policy) and [the protocol](docs/protocol.md) § *Retry policy*.",
      "",
      "Old: [legacy](docs/protocol.md#legacy-mode) and [the protocol](docs/protocol.md) § *Legacy mode*.",
      "",
      "Run `aw flow advance`, `aw status` and `aw legacy`.",
      "",
      "A run emits `run.started`, then `run.finished`, `run.failed` or `run.paused`.",
      "",
    ].join("\n"),
  });
  repo.commit("init");
  return repo;
}

const repos: TestRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.dispose();
});

function findings(r: { stdout: string; stderr: string }): { findings: Finding[]; stderr: string } {
  const json = JSON.parse(r.stdout) as { diagnostics: Finding[] };
  return {
    findings: json.diagnostics.map(({ rule, line, message, suggestion }) => ({ rule, line, message, ...(suggestion ? { suggestion } : {}) })),
    stderr: r.stderr,
  };
}

/** In process (compiler/cli/argv.ts): the subject is the report. */
async function check(root: string, env?: Record<string, string>): Promise<{ findings: Finding[]; stderr: string }> {
  return findings(await runCliInProcess(["check", "--root", root, "--format", "json"], { env }));
}

/** The bin in a new process, for what is the process's own: its PATH, its count of git calls. */
function spawnCheck(root: string, env?: Record<string, string>): { findings: Finding[]; stderr: string } {
  return findings(runCli(["check", "--root", root, "--format", "json"], { env }));
}

const edit = (repo: TestRepo, file: string, from: string, to: string) => {
  const text = repo.read(file);
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  repo.write({ [file]: text.replace(from, to) });
};

describe.skipIf(!hasGit)("git evidence for headings, commands and vocabulary members", { timeout: 120_000 }, () => {
  it("heading rename: the commit is named and the new heading / anchor is the suggestion", async () => {
    const repo = project();
    repos.push(repo);
    edit(repo, "docs/protocol.md", "## Retry policy", "## Retries");
    const id = repo.commit("docs: shorter heading");
    const f = (await check(repo.root)).findings.filter((d) => d.line === 3);
    expect(f).toEqual([
      {
        rule: "reference/missing-anchor",
        line: 3,
        message: `#retry-policy names no heading or anchor in docs/protocol.md; heading renamed to "Retries" in ${id} (docs: shorter heading)`,
        suggestion: "docs/protocol.md#retries",
      },
      {
        rule: "reference/missing-section",
        line: 3,
        message: `docs/protocol.md has no section "Retry policy"; heading renamed to "Retries" in ${id} (docs: shorter heading)`,
        suggestion: "Retries",
      },
    ]);
  });

  it("a chain of renames ends at the heading as it is now", async () => {
    const repo = project();
    repos.push(repo);
    edit(repo, "docs/protocol.md", "## Retry policy", "## Retries");
    const first = repo.commit("first rename");
    edit(repo, "docs/protocol.md", "## Retries", "## Retrying");
    repo.commit("second rename");
    const f = (await check(repo.root)).findings.filter((d) => d.rule === "reference/missing-anchor" && d.line === 3);
    expect(f.map((d) => [d.message, d.suggestion])).toEqual([
      [`#retry-policy names no heading or anchor in docs/protocol.md; heading renamed to "Retries" in ${first} (first rename)`, "docs/protocol.md#retrying"],
    ]);
  });

  it("heading removal: the commit is named, no rename is made up", async () => {
    const repo = project();
    repos.push(repo);
    edit(repo, "docs/protocol.md", "## Legacy mode\n\nOld.\n\n", "");
    const id = repo.commit("drop legacy mode");
    const f = (await check(repo.root)).findings.filter((d) => d.line === 5);
    expect(f).toEqual([
      {
        rule: "reference/missing-anchor",
        line: 5,
        message: `#legacy-mode names no heading or anchor in docs/protocol.md; heading removed in ${id} (drop legacy mode)`,
      },
      { rule: "reference/missing-section", line: 5, message: `docs/protocol.md has no section "Legacy mode"; heading removed in ${id} (drop legacy mode)` },
    ]);
  });

  it("a heading the same commit adds to another document moved there: the link to it is the suggestion", async () => {
    const repo = project();
    repos.push(repo);
    edit(repo, "docs/protocol.md", "## Retry policy\n\nRetries back off.\n\n", "");
    repo.write({ "docs/retries.md": "# Retries\n\n## Retry policy\n\nRetries back off.\n" });
    const id = repo.commit("docs: retries get their own page");
    const f = (await check(repo.root)).findings.filter((d) => d.line === 3);
    expect(f).toEqual([
      {
        rule: "reference/missing-anchor",
        line: 3,
        message: `#retry-policy names no heading or anchor in docs/protocol.md; heading moved to docs/retries.md in ${id} (docs: retries get their own page)`,
        suggestion: "docs/retries.md#retry-policy",
      },
      {
        rule: "reference/missing-section",
        line: 3,
        message: `docs/protocol.md has no section "Retry policy"; heading moved to docs/retries.md in ${id} (docs: retries get their own page)`,
      },
    ]);
  });

  it("a heading moved within its document is no removal", async () => {
    const repo = project();
    repos.push(repo);
    edit(repo, "docs/protocol.md", "## Retry policy\n\nRetries back off.\n\n", "");
    edit(repo, "docs/protocol.md", "## Events", "## Retry policy\n\nRetries back off.\n\n## Events");
    repo.commit("reorder");
    edit(repo, "README.md", "#retry-policy", "#retry-polcy");
    const f = (await check(repo.root)).findings.filter((d) => d.line === 3);
    expect(f).toEqual([
      {
        rule: "reference/missing-anchor",
        line: 3,
        message: "#retry-polcy names no heading or anchor in docs/protocol.md",
        suggestion: "docs/protocol.md#retry-policy",
      },
    ]);
  });

  it("command rename and removal: sub-verb and top-level renames are the suggestion; a deleted command module is named", async () => {
    const repo = project(CODE_CONFIG);
    repos.push(repo);
    edit(repo, "src/cli.ts", '"advance", "close"', '"proceed", "close"');
    edit(repo, "src/cli.ts", 'name: "status"', 'name: "state"');
    const rename = repo.commit("cli: clearer verbs");
    repo.remove("src/legacy.ts");
    const removal = repo.commit("cli: drop legacy");
    const f = (await check(repo.root)).findings.filter((d) => d.rule === "cli/unknown-command");
    expect(f).toEqual([
      {
        rule: "cli/unknown-command",
        line: 7,
        message: `unknown command \`aw flow advance\`; \`advance\` renamed to \`proceed\` in ${rename} (cli: clearer verbs)`,
        suggestion: "aw flow proceed",
      },
      {
        rule: "cli/unknown-command",
        line: 7,
        message: `unknown command \`aw status\`; \`status\` renamed to \`state\` in ${rename} (cli: clearer verbs)`,
        suggestion: "aw state",
      },
      {
        rule: "cli/unknown-command",
        line: 7,
        message: `unknown command \`aw legacy\`; \`legacy\` removed from src/legacy.ts in ${removal} (cli: drop legacy)`,
      },
    ]);
  });

  it("vocabulary member rename and removal: the member it became is the suggestion", async () => {
    const repo = project();
    repos.push(repo);
    edit(repo, "schemas/events.schema.json", '"run.finished"', '"run.completed"');
    const rename = repo.commit("events: completed, not finished");
    edit(repo, "schemas/events.schema.json", ',\n        "run.paused"', "");
    const removal = repo.commit("events: no pausing");
    const f = (await check(repo.root)).findings.filter((d) => d.rule === "vocabulary/unknown-term");
    const vocab = "schemas/events.schema.json#/$defs/eventType";
    expect(f).toEqual([
      {
        rule: "vocabulary/unknown-term",
        line: 9,
        message: `\`run.finished\` has the namespace \`run.\` and shape of ${vocab} but is not one of its members; did you mean \`run.completed\`?; renamed to \`run.completed\` in ${rename} (events: completed, not finished)`,
        suggestion: "run.completed",
      },
      {
        rule: "vocabulary/unknown-term",
        line: 9,
        message: `\`run.paused\` has the namespace \`run.\` and shape of ${vocab} but is not one of its members; did you mean \`run.failed\`?; removed from schemas/events.schema.json in ${removal} (events: no pausing)`,
        suggestion: "run.failed",
      },
    ]);
  });

  it("a project with no finding that could carry evidence never runs the content log: two git calls", async () => {
    const repo = project();
    repos.push(repo);
    repo.write({
      "README.md": "# Project\n\nSee [retries](docs/protocol.md#retry-policy) and [the protocol](docs/protocol.md) § *Events*.\n\nA run emits `run.started`.\n",
    });
    repo.commit("clean readme");
    const timed = runCli(["check", "--root", repo.root], { env: { DOCPACT_TIMING: "1" } });
    expect(timed.status).toBe(0);
    expect(Number(/git calls so far (\d+)/.exec(timed.stderr)?.[1])).toBe(2);
    expect(timed.stderr).not.toContain("git evidence");
  });

  it("git is called five times however many findings; without git the same findings come without evidence; the reference path agrees", async () => {
    const repo = project();
    repos.push(repo);
    edit(repo, "docs/protocol.md", "## Retry policy", "## Retries");
    edit(repo, "schemas/events.schema.json", '"run.finished"', '"run.completed"');
    repo.commit("renames");
    const many = Array.from(
      { length: 30 },
      (_, i) => `- [r${i}](protocol.md#retry-policy) and \`run.finished\` beside \`run.started\` and [p](protocol.md) § *Legacy ${i}*`,
    ).join("\n");
    repo.write({ "docs/many.md": `# Many\n\n${many}\n` });
    const timed = runCli(["check", "--root", repo.root], { env: { DOCPACT_TIMING: "1" } });
    // Work tree, path log, then after the rules: the names-only log, the work tree's diff-index and the patches of the commits it picked.
    expect(Number(/git calls so far (\d+)/.exec(timed.stderr)?.[1])).toBe(5);
    const withGit = (await check(repo.root)).findings;
    expect((await check(repo.root, { DOCPACT_UNOPTIMIZED: "1" })).findings).toEqual(withGit);
    const off = (await check(repo.root, { DOCPACT_NO_GIT: "1" })).findings;
    expect(spawnCheck(repo.root, { PATH: "/nonexistent" }).findings).toEqual(off);
    expect(off.length).toBe(withGit.length);
    expect(off.some((d) => / in [0-9a-f]{7,} \(/.test(d.message))).toBe(false);
    expect(withGit.filter((d) => / in [0-9a-f]{7,} \(/.test(d.message)).length).toBe(63);
    // The evidence is appended; the rest of each message is as without git.
    withGit.forEach((d, i) => expect(d.message.startsWith(off[i].message)).toBe(true));
  });
});
