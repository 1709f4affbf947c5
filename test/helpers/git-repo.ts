/**
 * Git repositories built inside a test: a temp folder, commits made by the
 * test with a fixed author, committer and date, so ids are the same on every
 * machine. `hasGit` lets a suite skip cleanly where git is not installed.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export const hasGit = spawnSync("git", ["--version"], { stdio: "ignore" }).status === 0;

const ENV = {
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
  GIT_AUTHOR_DATE: "2024-01-01T00:00:00Z",
  GIT_COMMITTER_DATE: "2024-01-01T00:00:00Z",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
};

export class TestRepo {
  readonly root: string;
  constructor() {
    this.root = mkdtempSync(join(tmpdir(), "docpact-git-"));
    this.git("init", "-q", "-b", "main");
  }

  git(...args: string[]): string {
    const env: NodeJS.ProcessEnv = { ...process.env, ...ENV };
    for (const k of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete env[k];
    // No `git maintenance run --auto` after each commit: a process per commit the tests never need.
    const r = spawnSync("git", ["-C", this.root, "-c", "maintenance.auto=false", "-c", "gc.auto=0", ...args], { encoding: "utf8", env });
    if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
    return r.stdout;
  }

  write(files: Record<string, string>): this {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(this.root, path)), { recursive: true });
      writeFileSync(join(this.root, path), text);
    }
    return this;
  }

  read(path: string): string {
    return readFileSync(join(this.root, path), "utf8");
  }

  remove(...paths: string[]): this {
    for (const p of paths) rmSync(join(this.root, p), { recursive: true, force: true });
    return this;
  }

  /** Stages everything and commits; returns the abbreviated id (from commit's summary line, `[main 1a2b3c4] subject`). */
  commit(subject: string): string {
    this.git("add", "-A");
    const out = this.git("commit", "-m", subject);
    const id = /^\[\S+(?: \(root-commit\))? ([0-9a-f]{4,})\]/.exec(out)?.[1];
    return id ?? this.git("rev-parse", "--short", "HEAD").trim();
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
