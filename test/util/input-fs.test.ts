/**
 * The recording door of the pipeline's reads (compiler/util/input-fs.ts): each
 * kind of read is noted while a recording is open, and observing the same path
 * again gives the same value until the thing it saw changes — a probe that
 * found nothing included.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as input from "../../compiler/util/input-fs.js";

const dir = mkdtempSync(join(tmpdir(), "docpact-input-fs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every observation of a recording, made again now. */
function unchanged(obs: input.Observations): string[] {
  const same = input.observationComparer();
  return [...obs].filter(([key, seen]) => !same(key, seen)).map(([key]) => key);
}

describe("input-fs", () => {
  it("records nothing outside a recording, and every kind of read inside one", () => {
    const a = join(dir, "a.md");
    writeFileSync(a, "one");
    input.readFileSync(a, "utf8");
    const rec = input.startRecording();
    expect(input.readFileSync(a, "utf8")).toBe("one");
    expect(input.existsSync(join(dir, "absent.yml"))).toBe(false);
    input.statSync(a);
    input.lstatSync(dir);
    input.readdirSync(dir, { withFileTypes: true });
    input.realpathSync(a);
    input.globFiles(dir);
    expect(() => input.readFileSync(join(dir, "missing.md"))).toThrow();
    const obs = rec.stop();
    expect([...obs.keys()].map((k) => k.split(" ")[0]).sort()).toEqual(["dir", "exists", "glob", "lstat", "read", "read", "real", "stat"]);
    expect(unchanged(obs)).toEqual([]);
    // Outside the recording nothing more is noted.
    input.readFileSync(a);
    expect(obs.size).toBe(8);
  });

  it("each observation changes with what it saw: content, a probed file appearing, a listing, a size, a link target", () => {
    const sub = join(dir, "sub");
    mkdirSync(sub);
    const f = join(sub, "f.md");
    writeFileSync(f, "same size");
    symlinkSync(f, join(sub, "link"));
    const rec = input.startRecording();
    input.readFileSync(f);
    input.existsSync(join(sub, "mkdocs.yml"));
    input.readdirSync(sub);
    input.statSync(f);
    input.realpathSync(join(sub, "link"));
    input.globFiles(sub);
    const obs = rec.stop();
    expect(unchanged(obs)).toEqual([]);
    writeFileSync(f, "SAME SIZE");
    expect(unchanged(obs)).toEqual([`read ${f}`]);
    writeFileSync(join(sub, "mkdocs.yml"), "site_name: x\n");
    expect(unchanged(obs)).toEqual([`read ${f}`, `exists ${join(sub, "mkdocs.yml")}`, `dir ${sub}`, `glob ${sub}`]);
    writeFileSync(f, "longer than before");
    expect(unchanged(obs)).toContain(`stat ${f}`);
    rmSync(join(sub, "link"));
    symlinkSync(join(sub, "mkdocs.yml"), join(sub, "link"));
    expect(unchanged(obs)).toContain(`real ${join(sub, "link")}`);
  });
});

describe("input-fs stat signatures", () => {
  it("a file changed within the racy window is recorded without a signature, so a same-size edit is caught by its hash", () => {
    const f = join(dir, "racy.md");
    writeFileSync(f, "abc");
    const rec = input.startRecording();
    input.readFileSync(f);
    const obs = rec.stop();
    expect(obs.get(`read ${f}`)).toMatch(/^[0-9a-f]{40}$/);
    writeFileSync(f, "xyz");
    expect(unchanged(obs)).toEqual([`read ${f}`]);
  });

  it("an older file is recorded with its stat; the same stat stands for the content, a different one is hashed", () => {
    const f = join(dir, "old.md");
    writeFileSync(f, "abc");
    const rec = input.startRecording({ racyWindowMs: -60_000 });
    input.readFileSync(f);
    const obs = rec.stop();
    expect(obs.get(`read ${f}`)).toMatch(/^[0-9a-f]{40} \d+:[\d.]+:[\d.]+:\d+$/);
    expect(unchanged(obs)).toEqual([]);
    writeFileSync(f, "abcd");
    expect(unchanged(obs)).toEqual([`read ${f}`]);
    // Back to the recorded bytes: a new stat, but the hash still matches.
    writeFileSync(f, "abc");
    expect(unchanged(obs)).toEqual([]);
  });
});

describe("overlapping recordings", () => {
  it("each sees every read made while it is open (two runs in one process)", () => {
    const f1 = join(dir, "one.md");
    const f2 = join(dir, "two.md");
    writeFileSync(f1, "1");
    writeFileSync(f2, "2");
    const a = input.startRecording();
    const b = input.startRecording();
    input.readFileSync(f1);
    const first = a.stop();
    input.readFileSync(f2);
    const second = b.stop();
    expect([...first.keys()]).toEqual([`read ${f1}`]);
    expect([...second.keys()]).toEqual([`read ${f1}`, `read ${f2}`]);
  });
});
