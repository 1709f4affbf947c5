/**
 * End-to-end: the CLI on fixture projects, asserting exit codes and the JSON report. The
 * process boundary (help, usage errors without a stack, worker threads) through the built
 * bin; the commands' output and exit codes in process (runCliInProcess: the same argument
 * handling, no node start per call). What is pipeline behaviour rather than the CLI's contract (a second build, CRLF against LF)
 * runs in process through the API, which returns the same report as `--format json`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build, check } from "../../compiler/api.js";
import { cliPath, copyProject, runCli, runCliInProcess as cli } from "../helpers/cli.js";

interface JsonReport {
  version: number;
  diagnostics: { rule: string; severity: string; file: string; line: number; column: number; message: string; suggestion?: string }[];
  summary: { errors: number; warnings: number; files: { docs: number; schemas: number; code: number } };
}

async function checkJson(root: string, extra: string[] = []): Promise<{ status: number | null; report: JsonReport; stderr: string }> {
  const r = await cli(["check", "--root", root, "--format", "json", ...extra]);
  return { status: r.status, report: JSON.parse(r.stdout) as JsonReport, stderr: r.stderr };
}

describe("docpact CLI basics", () => {
  it("--help lists every command and exits 0", () => {
    const r = runCli(["--help"]);
    expect(r.status).toBe(0);
    for (const c of ["check", "build", "inspect", "init", "explain"]) expect(r.stdout).toContain(c);
  });

  it("<command> --help describes the command's flags", () => {
    const r = runCli(["build", "--help"]);
    expect(r.status).toBe(0);
    for (const f of ["--root", "--config", "--format", "--fix", "--force"]) expect(r.stdout).toContain(f);
  });

  it("usage errors exit 2 with one line and no stack", () => {
    for (const args of [
      ["frobnicate"],
      ["check", "--bogus"],
      ["check", "--format", "xml"],
      ["inspect", "things"],
      ["explain", "no/such-rule"],
      ["check", "--max-warnings", "x"],
    ]) {
      const r = runCli(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr.split("\n")[0]).toMatch(/^docpact: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("a reader that closes the pipe early (`| head`) gets no stack trace, and the exit code stays the run's", async () => {
    const root = copyProject("examples/aw-cli");
    // `true` exits without reading: the pipe is closed long before the check writes its report.
    const q = (x: string) => `'${x}'`;
    const r = spawnSync("bash", ["-c", `set -o pipefail; ${q(process.execPath)} ${q(cliPath)} check --root ${q(root)} | true`], {
      encoding: "utf8",
      env: { ...process.env, DOCPACT_NO_CACHE: "1" },
    });
    const { stderr, status: code } = r;
    expect(stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
    expect(code).toBe(1); // the example keeps its deliberate drift
  });

  it("explain prints a rule's explanation", async () => {
    const r = await cli(["explain", "delegation/no-owner"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("delegation/no-owner (default: error");
  });

  it("an invalid config exits 2 naming the pointer", async () => {
    const root = copyProject("examples/aw-cli");
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ cli: { binaries: "aw" } }));
    const r = await cli(["check", "--root", root]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe("docpact: docpact.config.json: /cli/binaries: must be array");
  });

  it("a directory with no docs and no config checks clean", async () => {
    const root = copyProject("examples/aw-cli/schemas");
    const { status, report } = await checkJson(root);
    expect(status).toBe(0);
    expect(report.summary.files.docs).toBe(0);
  });
});

describe("bad input", () => {
  it("BOM, CRLF, non-UTF-8 bytes and TypeScript syntax errors give diagnostics, never a crash", async () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-bad-"));
    mkdirSync(join(root, "src"));
    writeFileSync(join(root, "a.md"), "\uFEFF# T\r\n\r\nRun `aw bogus` now.\r\n");
    writeFileSync(join(root, "c.md"), Buffer.from([0xff, 0xfe, 0x20, 0x62]));
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "x", bin: { aw: "x.js" } }));
    writeFileSync(join(root, "tsconfig.json"), JSON.stringify({ include: ["src"] }));
    writeFileSync(join(root, "src/a.ts"), 'export const flow = { name: "flow" ;\n/** @docpact-command flow advance */\nexport function f() {}\n');
    const { status, report, stderr } = await checkJson(root);
    expect(status).toBe(1);
    expect(stderr).toBe("");
    expect(report.diagnostics.map((d) => [d.rule, d.file, d.line, d.column])).toEqual([
      ["cli/unknown-command", "a.md", 3, 9],
      ["input/unreadable", "c.md", 1, 1],
      ["input/code-syntax", "src/a.ts", 1, 36],
    ]);
    expect(report.diagnostics.find((d) => d.rule === "input/code-syntax")!.severity).toBe("warning");
  });

  it("a missing tsconfig named in the config exits 2 with one line", async () => {
    const root = mkdtempSync(join(tmpdir(), "docpact-bad-"));
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ code: { tsconfig: "tsconfig.app.json" } }));
    const r = await cli(["check", "--root", root]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("code.tsconfig not found: tsconfig.app.json");
  });

  it("a root that does not exist exits 2", async () => {
    const r = await cli(["check", "--root", join(tmpdir(), "docpact-no-such-dir-x")]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^docpact: /);
  });
});

describe("parallel parsing", () => {
  it("worker threads give the same report as parsing in one thread", async () => {
    const root = copyProject("examples/aw-cli");
    mkdirSync(join(root, "docs/many"));
    for (let i = 0; i < 340; i++) {
      const verb = i % 7 === 0 ? "advanse" : "advance";
      writeFileSync(
        join(root, `docs/many/d${String(i).padStart(3, "0")}.md`),
        `# Doc ${i}\n\n> **Decision ${i} is not this document's call:** decided by \`aw flow ${verb}\`.\n\nSee [next](d${String(i + 1).padStart(3, "0")}.md#doc-${i + 1}).\n`,
      );
    }
    const parallel = runCli(["check", "--root", root, "--format", "json"], { env: { DOCPACT_WORKERS: "2" } });
    // The threads through the bin; the one-thread reference in process.
    const single = await cli(["check", "--root", root, "--format", "json"], { env: { DOCPACT_WORKERS: "0" } });
    const a = JSON.parse(parallel.stdout) as JsonReport;
    const b = JSON.parse(single.stdout) as JsonReport;
    expect(a.summary.files.docs).toBe(344);
    expect(a.diagnostics.filter((d) => d.rule === "cli/unknown-command").length).toBe(49 + 1); // plus the example's own
    expect(a.diagnostics).toEqual(b.diagnostics);
  });
});

describe("the bundled example", () => {
  it("check finds the deliberate drift and writes nothing", async () => {
    const root = copyProject("examples/aw-cli");
    const before = snapshot(root);
    const { status, report } = await checkJson(root);
    expect(status).toBe(1);
    // Exactly the deliberate drifts the README lists (what `npm run demo` shows): its generated code is committed and fresh.
    expect(report.diagnostics.map((d) => d.rule).sort()).toEqual([
      "cli/unknown-command",
      "cli/unknown-flag",
      "decision/missing-document",
      "decision/unregistered-note",
      "decision/unregistered-note",
      "delegation/no-owner",
      "fragment/stale",
      "reference/broken-link",
      "reference/missing-anchor",
      "vocabulary/code-mismatch",
      "vocabulary/deprecated-term",
    ]);
    const cmd = report.diagnostics.find((d) => d.rule === "cli/unknown-command")!;
    expect(cmd).toMatchObject({ file: "docs/modules/PLAN-EXECUTION-BATCHES.md", suggestion: "aw flow advance" });
    expect(snapshot(root)).toEqual(before);
  });

  it("build writes generated code, then a second build changes nothing", async () => {
    const root = copyProject("examples/aw-cli");
    const first = await cli(["build", "--root", root, "--format", "json"]);
    expect([0, 1]).toContain(first.status);
    const delegations = readFileSync(join(root, "generated/delegations.ts"), "utf8");
    expect(delegations).toContain('"aw flow advance"');
    expect(delegations).toContain("export type DelegatedCommand");
    const after = snapshot(root);
    await build({ root });
    expect(snapshot(root)).toEqual(after);
    const rules = new Set((await check({ root })).diagnostics.map((d) => d.rule));
    expect(rules.has("generated/stale")).toBe(false);
  });

  it("inspect notes and commands print JSON arrays", async () => {
    const root = copyProject("examples/aw-cli");
    const notes = JSON.parse((await cli(["inspect", "notes", "--root", root, "--json"])).stdout) as { subject: string; owners: { raw: string }[] }[];
    expect(notes.map((n) => n.subject)).toContain("Which line a prompt joins");
    expect(notes.find((n) => n.subject === "Which line a prompt joins")!.owners.map((o) => o.raw)).toEqual(["aw session-create", "aw resume"]);
    const commands = JSON.parse((await cli(["inspect", "commands", "--root", root, "--json"])).stdout) as { path: string }[];
    expect(commands.map((c) => c.path)).toEqual(expect.arrayContaining(["flow", "session-create", "resume", "next-number"]));
  });

  it("CRLF documents give the same diagnostics as LF", async () => {
    const lf = copyProject("examples/aw-cli");
    const crlf = copyProject("examples/aw-cli");
    for (const f of walk(crlf).filter((f) => f.endsWith(".md"))) {
      writeFileSync(f, readFileSync(f, "utf8").replace(/\n/g, "\r\n"));
    }
    const a = (await check({ root: lf })).diagnostics.filter((d) => d.rule !== "fragment/stale");
    const b = (await check({ root: crlf })).diagnostics.filter((d) => d.rule !== "fragment/stale");
    expect(b.map(strip)).toEqual(a.map(strip));
  });
});

const strip = (d: JsonReport["diagnostics"][number]) => ({ rule: d.rule, file: d.file, line: d.line, column: d.column });

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of walk(root)) out[f.slice(root.length)] = readFileSync(f, "utf8");
  return out;
}
