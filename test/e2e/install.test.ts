/**
 * Issue 27, install: docpact packed with `npm pack` and installed into a fresh folder from that
 * tarball, offline (npm's cache, a lock file built from docpact's own, so nothing is resolved
 * against a registry), then its bin run: executable, `init`'s `$schema` resolving, `check` clean.
 * Skips when npm is not on PATH or its cache lacks docpact's dependencies (ENOTCACHED).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
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
    "node_modules/docpact": { version: me.version, resolved: `file:${tgz}`, dev: true, license: me.license, dependencies: me.dependencies, bin: me.bin, engines: me.engines },
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

describe.skipIf(!hasNpm)("installing docpact from a packed tarball", { timeout: 240_000 }, () => {
  it("npm pack, install offline into a fresh folder, run the bin: init writes a $schema that resolves, check runs", (ctx) => {
    const packDir = temp();
    // --ignore-scripts: dist/ is built already (pretest), and `prepare` would rebuild it under the other tests' feet.
    const pack = spawnSync(npm, ["pack", "--ignore-scripts", "--pack-destination", packDir], { cwd: repoRoot, encoding: "utf8" });
    expect(pack.status, pack.stderr).toBe(0);
    const tgz = readdirSync(packDir).find((f) => f.endsWith(".tgz"))!;
    const app = temp();
    writeFileSync(join(app, tgz), readFileSync(join(packDir, tgz)));
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true, devDependencies: { docpact: `file:${tgz}` } }));
    writeFileSync(join(app, "package-lock.json"), JSON.stringify(consumerLock(tgz), null, 2));
    writeFileSync(join(app, "README.md"), "# App\n\nSee [the guide](docs/guide.md).\n");
    mkdirSync(join(app, "docs"));
    writeFileSync(join(app, "docs/guide.md"), "# Guide\n");
    const install = spawnSync(npm, ["ci", "--offline", "--no-audit", "--no-fund"], { cwd: app, encoding: "utf8" });
    if (install.status !== 0 && /ENOTCACHED/.test(install.stderr)) ctx.skip();
    expect(install.status, install.stderr).toBe(0);
    const bin = join(app, "node_modules/.bin/docpact");
    expect(statSync(resolve(app, "node_modules/docpact/dist/compiler/cli/main.js")).mode & 0o111).not.toBe(0);
    // The bin itself, as a shell runs it (not through node): executable.
    const init = spawnSync(bin, ["init"], { cwd: app, encoding: "utf8" });
    expect(init.status, init.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(app, "docpact.config.json"), "utf8")) as { $schema: string };
    expect(config.$schema).toBe("./node_modules/docpact/contracts/config.schema.json");
    expect(existsSync(join(app, config.$schema))).toBe(true);
    const check = spawnSync(bin, ["check"], { cwd: app, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    expect([check.status, check.stdout.trim().split("\n").pop()]).toEqual([0, expect.stringMatching(/^0 errors, 0 warnings · 2 docs/)]);
  });
});
