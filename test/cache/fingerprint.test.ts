import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildFingerprint } from "../../compiler/cache/cache.js";

describe("the cache's build fingerprint", () => {
  const root = mkdtempSync(join(tmpdir(), "docpact-fp-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("changes when any module below the compiler folder changes, sub-folders and generated/ included", () => {
    const compiler = join(root, "compiler");
    mkdirSync(join(compiler, "rules", "reference"), { recursive: true });
    mkdirSync(join(compiler, "model"), { recursive: true });
    mkdirSync(join(root, "generated"), { recursive: true });
    writeFileSync(join(compiler, "rules", "reference", "broken-link.js"), "a");
    writeFileSync(join(compiler, "model", "terms.js"), "a");
    writeFileSync(join(root, "generated", "rules.js"), "a");
    const before = buildFingerprint(compiler, "1.0.0");
    expect(buildFingerprint(compiler, "1.0.0")).toBe(before);
    expect(buildFingerprint(compiler, "1.0.1")).not.toBe(before);
    for (const file of [join(compiler, "rules", "reference", "broken-link.js"), join(compiler, "model", "terms.js"), join(root, "generated", "rules.js")]) {
      const was = buildFingerprint(compiler, "1.0.0");
      writeFileSync(file, "bb");
      expect(buildFingerprint(compiler, "1.0.0"), file).not.toBe(was);
    }
  });
});
