import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { gitFilesFingerprint } from "../../compiler/git/fingerprint.js";

const base = mkdtempSync(join(tmpdir(), "docpact-fingerprint-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", ...args], { cwd, stdio: "pipe" });

/** A repository with one commit; its files are "old" for a clock 10 s ahead. */
function repo(name: string): string {
  const root = join(base, name);
  mkdirSync(root);
  git(root, "init", "-q", "-b", "main");
  writeFileSync(join(root, "a.md"), "# A\n");
  git(root, "add", "a.md");
  git(root, "commit", "-q", "-m", "one");
  return root;
}
const later = () => Date.now() + 10_000;
const env = { HOME: join(base, "home") };

describe("gitFilesFingerprint", () => {
  test("the same repository gives the same fingerprint; a commit, a config change or another branch changes it", () => {
    const root = repo("r1");
    const first = gitFilesFingerprint(root, env, later());
    expect(first).not.toBeNull();
    expect(gitFilesFingerprint(join(root), env, later())).toBe(first);
    writeFileSync(join(root, "a.md"), "# A\n\nmore\n");
    // A work-tree edit is not what the listing or HEAD is read from.
    expect(gitFilesFingerprint(root, env, later())).toBe(first);
    git(root, "commit", "-q", "-am", "two");
    const second = gitFilesFingerprint(root, env, later());
    expect(second).not.toBe(first);
    git(root, "config", "diff.x.textconv", "cat");
    const third = gitFilesFingerprint(root, env, later());
    expect(third).not.toBe(second);
    git(root, "checkout", "-q", "-b", "other");
    expect(gitFilesFingerprint(root, env, later())).not.toBe(third);
  });

  test("files changed within the last two seconds vouch for nothing, nor do reftables: null", () => {
    const root = repo("r2");
    expect(gitFilesFingerprint(root, env, Date.now())).toBeNull();
    expect(gitFilesFingerprint(root, env, later())).not.toBeNull();
    mkdirSync(join(root, ".git", "reftable"));
    expect(gitFilesFingerprint(root, env, later())).toBeNull();
  });

  test("the user's config is part of it; GIT_ variables are too", () => {
    const root = repo("r3");
    const before = gitFilesFingerprint(root, env, later());
    mkdirSync(env.HOME, { recursive: true });
    writeFileSync(join(env.HOME, ".gitconfig"), '[diff "y"]\n\ttextconv = cat\n');
    expect(gitFilesFingerprint(root, env, later())).not.toBe(before);
    expect(gitFilesFingerprint(root, { ...env, GIT_CONFIG_NOSYSTEM: "1" }, later())).not.toBe(gitFilesFingerprint(root, env, later()));
  });

  test("a linked worktree's HEAD and its main repository's refs; no repository at all: null", () => {
    const root = repo("r4");
    const wt = join(base, "r4-wt");
    git(root, "worktree", "add", "-q", "-b", "side", wt);
    const fp = gitFilesFingerprint(wt, env, later());
    expect(fp).not.toBeNull();
    expect(fp).not.toBe(gitFilesFingerprint(root, env, later()));
    writeFileSync(join(wt, "b.md"), "b\n");
    git(wt, "add", "b.md");
    git(wt, "commit", "-q", "-m", "side");
    expect(gitFilesFingerprint(wt, env, later())).not.toBe(fp);
    const none = join(base, "plain");
    mkdirSync(none);
    // tmpdir has no .git above it on this machine's layout; a folder outside any repository.
    if (gitFilesFingerprint(tmpdir(), env, later()) === null) expect(gitFilesFingerprint(none, env, later())).toBeNull();
  });
});
