/**
 * Hostile input, round 2: git as an untrusted tool. The repository's own
 * configuration (`.git/config`, hooks, `.gitattributes`) names a command for
 * every mechanism git can be told to run: fsmonitor, clean/smudge/process
 * filters, textconv and external diff drivers, pagers, hooks, ssh and askpass,
 * signature programs. Each command only creates a sentinel file in a folder
 * beside the project. check, check --since, baseline and build run; no
 * sentinel may appear, and `check --since` leaves `.git` byte for byte.
 */
import { createHash } from "node:crypto";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, check } from "../../compiler/api.js";
import { runBaseline } from "../../compiler/cli/baseline.js";
import { runGit, runGitAsync } from "../../compiler/git/run.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";

const MECHANISMS = [
  "core.fsmonitor",
  "filter.evil.clean",
  "filter.evil.smudge",
  "filter.evil.process",
  "diff.evil.textconv",
  "diff.evil.command",
  "diff.external",
  "core.pager",
  "pager.log",
  "pager.diff",
  "core.sshCommand",
  "core.askPass",
  "gpg.program",
  "alias.ls",
];
const HOOKS = ["post-index-change", "post-checkout", "pre-auto-gc", "reference-transaction", "fsmonitor-watchman"];

/** Every entry under `dir` (without following links) → content hash; the index and logs included. */
function hashTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    const abs = join(dir, rel);
    const st = lstatSync(abs);
    if (st.isDirectory()) for (const n of readdirSync(abs).sort()) walk(rel ? `${rel}/${n}` : n);
    else out.set(rel, `${st.mode} ${st.mtimeMs} ${st.isFile() ? createHash("sha256").update(readFileSync(abs)).digest("hex") : "other"}`);
  };
  walk("");
  return out;
}

describe.skipIf(!hasGit)("git cannot be made to execute anything", () => {
  let repo: TestRepo;
  let sentinels: string;
  const sentinelFiles = () => readdirSync(sentinels).sort();

  beforeAll(() => {
    sentinels = mkdtempSync(join(tmpdir(), "docpact-sentinel-"));
    repo = new TestRepo();
    const doc = "# Guide\n\nSee [the schema](../contracts/event.schema.json) and [gone](./gone.md).\n";
    repo.write({
      "package.json": JSON.stringify({ name: "p" }),
      "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"], schemas: ["contracts/**/*.schema.json"], code: { include: [] }, generate: {} }),
      "docs/guide.md": doc,
      "docs/gone.md": "# Gone\n",
      "contracts/event.schema.json": JSON.stringify({ type: "object", properties: { kind: { enum: ["a", "b"] } } }),
    });
    repo.commit("first");
    repo.write({ "docs/guide.md": `${doc}\nMore.\n` });
    repo.remove("docs/gone.md");
    repo.commit("second");
    // The hostile configuration is set after the commits, so only docpact's git calls can trigger it.
    const sh = (name: string) => `touch '${join(sentinels, name)}'; cat`;
    for (const key of MECHANISMS) repo.git("config", key, sh(key));
    repo.git("config", "filter.evil.required", "true");
    repo.git("config", "log.showSignature", "true");
    repo.git("config", "core.untrackedCache", "true");
    repo.git("config", "diff.evil.cachetextconv", "false");
    const hooks = join(repo.root, ".git/hooks");
    mkdirSync(hooks, { recursive: true });
    for (const h of HOOKS) {
      writeFileSync(join(hooks, h), `#!/bin/sh\ntouch '${join(sentinels, `hook-${h}`)}'\n`);
      chmodSync(join(hooks, h), 0o755);
    }
    writeFileSync(join(repo.root, ".gitattributes"), "* filter=evil diff=evil\n");
    // Work-tree changes since HEAD~1 and an untracked file, so `--since` diffs real content.
    writeFileSync(join(repo.root, "docs/guide.md"), `${doc}\nMore.\nAnd [another gone](./gone2.md).\n`);
    writeFileSync(join(repo.root, "docs/new.md"), "# New\n\n[x](./nope.md)\n");
    // A tracked file whose stat no longer matches the index, content unchanged: `git diff` would refresh and rewrite the index.
    utimesSync(join(repo.root, "contracts/event.schema.json"), new Date(2030, 0, 1), new Date(2030, 0, 1));
  });
  afterAll(() => {
    repo?.dispose();
    if (sentinels) rmSync(sentinels, { recursive: true, force: true });
  });

  it("check runs no configured command", async () => {
    const r = await check({ root: repo.root });
    expect(r.summary.errors).toBeGreaterThan(0);
    expect(sentinelFiles()).toEqual([]);
  });

  it("check --since HEAD~1 runs no configured command and writes nothing, not even .git/index", async () => {
    const before = hashTree(repo.root);
    const r = await check({ root: repo.root, since: "HEAD~1" });
    expect(r.diagnostics.some((d) => d.file === "docs/guide.md")).toBe(true);
    expect(r.diagnostics.some((d) => d.file === "docs/new.md")).toBe(true);
    expect(sentinelFiles()).toEqual([]);
    const after = hashTree(repo.root);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));
    expect(changed).toEqual([]);
  });

  it("baseline runs no configured command", async () => {
    await runBaseline({ root: repo.root, prune: false }, { write: () => true });
    expect(sentinelFiles()).toEqual([]);
    rmSync(join(repo.root, "docpact-baseline.json"), { force: true });
  });

  it("build runs no configured command", async () => {
    await build({ root: repo.root });
    await build({ root: repo.root, since: "HEAD~1" });
    expect(sentinelFiles()).toEqual([]);
  });

  /** Commands that reach the mechanisms: the raw call (without docpact's runner) must trip at least one sentinel, so the test can fail. */
  const TRIGGERS = [
    ["diff-index", "-p", "HEAD", "--"],
    ["diff", "HEAD", "--"],
    ["log", "-p", "-2"],
    ["log", "--show-signature", "-1"],
    ["status", "--porcelain"],
    ["ls-files", "--others", "--exclude-standard"],
  ];

  it.each(TRIGGERS)("the runner neutralises what `git %s …` would run", async (...args) => {
    rmSync(sentinels, { recursive: true, force: true });
    mkdirSync(sentinels);
    const sync = runGit(repo.root, args);
    const async = await runGitAsync(repo.root, args);
    expect(sentinelFiles()).toEqual([]);
    expect([sync.ok, async.ok]).toEqual([true, true]);
  });

  it("the raw calls do trip the sentinels (the setup is live)", () => {
    for (const args of TRIGGERS) {
      try {
        repo.git(...args);
      } catch {
        // a filter that is required and fails stops git; the sentinel is already there
      }
    }
    expect(sentinelFiles()).toEqual(expect.arrayContaining(["core.fsmonitor", "filter.evil.process"]));
  });
});
