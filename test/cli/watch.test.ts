/**
 * `check --watch` end to end: the built CLI on a temp copy of a fixture; an
 * edit to a doc produces a fresh report on stdout within a bounded time, and
 * SIGINT ends the process with exit 0.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { watchDirs } from "../../compiler/cli/watch.js";
import { cliPath, copyProject } from "../helpers/cli.js";

interface Report {
  diagnostics: { rule: string; file: string; line: number }[];
}

/** Splits the stream of pretty-printed JSON reports (each ends with a `}` line). */
function reports(out: string): Report[] {
  return out
    .split(/^\}$/m)
    .filter((chunk) => chunk.trim().startsWith("{"))
    .map((chunk) => JSON.parse(`${chunk}}`) as Report);
}

function waitFor(pred: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  return new Promise((resolve) => {
    const tick = () => {
      if (pred()) resolve(true);
      else if (Date.now() > until) resolve(false);
      else setTimeout(tick, 50);
    };
    tick();
  });
}

describe("check --watch", () => {
  it("prints a new report after a doc changes, and exits 0 on SIGINT", async () => {
    const root = copyProject("test/fixtures/suppress-notes");
    const child = spawn(process.execPath, [cliPath, "check", "--watch", "--format", "json", "--root", root], {
      env: { ...process.env, NO_COLOR: "1", DOCPACT_NO_CACHE: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      expect(await waitFor(() => reports(stdout).length >= 1 && stderr.includes("watching"), 15_000)).toBe(true);
      const first = reports(stdout)[0];
      expect(first.diagnostics.some((d) => d.file === "docs/new.md")).toBe(false);

      // A new doc in a new folder: the folder must be picked up too.
      mkdirSync(join(root, "docs/more"));
      writeFileSync(join(root, "docs/more/new.md"), "# New\n\n> **Caching is not this document's call:** nobody says who.\n");
      const seen = await waitFor(
        () => reports(stdout).some((r) => r.diagnostics.some((d) => d.file === "docs/more/new.md" && d.rule === "delegation/no-owner")),
        15_000,
      );
      // The folder appeared after the first run; its file may need a second event to be noticed.
      if (!seen) writeFileSync(join(root, "docs/more/new.md"), "# New\n\n> **Caching is not this document's call:** nobody says who.\n\n");
      expect(seen || (await waitFor(() => reports(stdout).some((r) => r.diagnostics.some((d) => d.file === "docs/more/new.md")), 15_000))).toBe(true);

      // An edit to an existing doc.
      writeFileSync(join(root, "docs/guide.md"), "# Guide\n\nNothing to see.\n");
      expect(
        await waitFor(() => {
          const last = reports(stdout).at(-1);
          return last !== undefined && !last.diagnostics.some((d) => d.file === "docs/guide.md");
        }, 15_000),
      ).toBe(true);
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
    expect(stderr).not.toMatch(/internal error|\n\s+at /);
  }, 60_000);
});

describe("watchDirs", () => {
  it("lists folders (the outDir's too: a hand edit there is an event), skipping node_modules, .git and dot folders", () => {
    const root = copyProject("test/fixtures/suppress-notes");
    for (const d of ["node_modules/x", ".git/objects", ".cache", "generated/a", "src/lib"]) mkdirSync(join(root, d), { recursive: true });
    const dirs = watchDirs(root).map((d) => d.slice(root.length).replace(/\\/g, "/") || "/");
    expect(dirs).toEqual(["/", "/docs", "/generated", "/generated/a", "/src", "/src/lib"]);
  });
});
