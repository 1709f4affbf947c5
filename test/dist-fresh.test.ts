/** test/dist-fresh.ts: a source newer than its dist/ output, or without one, is found; a current build is not. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { staleSource } from "./dist-fresh.js";

const root = mkdtempSync(join(tmpdir(), "docpact-dist-fresh-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const file = (rel: string, secondsAgo: number) => {
  mkdirSync(join(root, rel, ".."), { recursive: true });
  writeFileSync(join(root, rel), "");
  const t = Date.now() / 1000 - secondsAgo;
  utimesSync(join(root, rel), t, t);
};

describe("staleSource", () => {
  it("is null when every source has a newer output, declaration files aside", () => {
    file("compiler/a.ts", 100);
    file("compiler/sub/b.ts", 100);
    file("compiler/types.d.ts", 1);
    file("generated/g.ts", 100);
    file("dist/compiler/a.js", 50);
    file("dist/compiler/sub/b.js", 50);
    file("dist/generated/g.js", 50);
    expect(staleSource(root)).toBeNull();
  });
  it("names a source edited after the build", () => {
    file("compiler/sub/b.ts", 10);
    expect(staleSource(root)).toBe("compiler/sub/b.ts");
    file("dist/compiler/sub/b.js", 5);
  });
  it("names a source the build has no output for", () => {
    file("generated/new.ts", 100);
    expect(staleSource(root)).toBe("generated/new.ts");
  });
});
