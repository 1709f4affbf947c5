/**
 * Issue 27, install: the README's install procedure, extracted from the README (so the test fails
 * when the README drifts) and run in fresh folders, offline (npm's cache, a lock file built from
 * docpact's own, so nothing is resolved against a registry): the tarball packed, installed, its bin
 * executable, `init`'s `$schema` resolving, `check` clean. Skips when npm is not on PATH or its
 * cache lacks docpact's dependencies (ENOTCACHED).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { schemaRef } from "../../compiler/cli/init.js";
import { cliPath, repoRoot } from "../helpers/cli.js";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const hasNpm = spawnSync(npm, ["--version"], { stdio: "ignore" }).status === 0;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), "docpact-install-"));
  dirs.push(d);
  return d;
};

/** A lock file for a project whose only dev dependency is the tarball: docpact's own production entries. */
function consumerLock(tgz: string): object {
  const lock = JSON.parse(readFileSync(join(repoRoot, "package-lock.json"), "utf8")) as { packages: Record<string, Record<string, unknown>> };
  const me = lock.packages[""];
  const packages: Record<string, unknown> = {
    "": { name: "consumer", version: "1.0.0", devDependencies: { docpact: `file:${tgz}` } },
    "node_modules/docpact": {
      version: me.version,
      resolved: `file:${tgz}`,
      dev: true,
      license: me.license,
      dependencies: me.dependencies,
      bin: me.bin,
      engines: me.engines,
    },
  };
  for (const [k, v] of Object.entries(lock.packages)) if (k.startsWith("node_modules/") && !v.dev) packages[k] = { ...v, dev: true };
  return { name: "consumer", version: "1.0.0", lockfileVersion: 3, requires: true, packages };
}

describe("the built bin", () => {
  it("is executable after `npm run build`", () => {
    expect(statSync(cliPath).mode & 0o111).not.toBe(0);
  });
});

describe("init's $schema", () => {
  it("names the nearest node_modules copy up to the repository root, else none outside the root", () => {
    const repo = temp();
    mkdirSync(join(repo, ".git"));
    mkdirSync(join(repo, "node_modules/docpact/contracts"), { recursive: true });
    writeFileSync(join(repo, "node_modules/docpact/contracts/config.schema.json"), "{}");
    mkdirSync(join(repo, "packages/app"), { recursive: true });
    expect(schemaRef(repo)).toBe("./node_modules/docpact/contracts/config.schema.json");
    expect(schemaRef(join(repo, "packages/app"))).toBe("../../node_modules/docpact/contracts/config.schema.json");
    const lone = temp();
    mkdirSync(join(lone, ".git"));
    expect(schemaRef(lone)).toBeNull();
  });
});

/** The README's install procedure: the shell block after its `install-procedure` marker, line by line. */
function readmeProcedure(): string[] {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const m = /<!-- install-procedure:[^>]*-->\n```sh\n([\s\S]*?)\n```/.exec(readme);
  if (!m) throw new Error("README.md has no install-procedure block");
  return m[1].split("\n");
}

describe.skipIf(!hasNpm)("the README's install procedure", { timeout: 240_000 }, () => {
  it("run as written in fresh folders (offline): a packed tarball, an executable bin, a $schema that resolves, a clean check", (ctx) => {
    const lines = readmeProcedure();
    // The two folders are the reader's; every other line runs as the README writes it, but one:
    // this checkout is installed and built already (pretest), and `npm ci` here would replace the
    // node_modules the suite is running from.
    expect(lines[0]).toMatch(/^DOCPACT=/);
    expect(lines[1]).toMatch(/^PROJECT=/);
    const ci = lines.findIndex((l) => /^cd "\$DOCPACT" && npm ci(\s|$)/.test(l));
    expect(ci, 'the README installs docpact with `cd "$DOCPACT" && npm ci`').toBeGreaterThan(1);
    const project = temp();
    mkdirSync(join(project, ".git"));
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }));
    writeFileSync(join(project, "README.md"), "# App\n\nSee [the guide](docs/guide.md).\n");
    mkdirSync(join(project, "docs"));
    writeFileSync(join(project, "docs/guide.md"), "# Guide\n");
    // Offline: the lock file npm would write, made from docpact's own (nothing resolved against a registry).
    writeFileSync(join(project, "package-lock.json"), JSON.stringify(consumerLock("docpact-0.1.0.tgz"), null, 2));
    const script = [
      "set -e",
      `DOCPACT=${JSON.stringify(repoRoot)}`,
      `PROJECT=${JSON.stringify(project)}`,
      ...lines.slice(2).map((l, i) => (i + 2 === ci ? 'cd "$DOCPACT"' : l)),
    ].join("\n");
    const env = {
      ...process.env,
      NO_COLOR: "1",
      npm_config_offline: "true",
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
    };
    const r = spawnSync("bash", ["-c", script], { encoding: "utf8", env });
    if (r.status !== 0 && /ENOTCACHED|only-if-cached/.test(r.stderr)) ctx.skip();
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(repoRoot, "docpact-0.1.0.tgz"))).toBe(false);
    expect(statSync(resolve(project, "node_modules/docpact/dist/compiler/cli/main.js")).mode & 0o111).not.toBe(0);
    const config = JSON.parse(readFileSync(join(project, "docpact.config.json"), "utf8")) as { $schema: string };
    expect(config.$schema).toBe("./node_modules/docpact/contracts/config.schema.json");
    expect(existsSync(join(project, config.$schema))).toBe(true);
    // The summary line, then the coverage line (the README's link: `judged 1 of 1 link …`).
    const tail = r.stdout.trim().split("\n").slice(-2);
    expect(tail[0]).toMatch(/^0 errors, 0 warnings · 2 docs/);
    expect(tail[1]).toMatch(/^judged \d+ of \d+ links? and \d+ of \d+ anchors?; 0 not judged/);
  });
});
