import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesOutsideSparseCheckout } from "../../compiler/git/sparse.js";
import { runCliInProcess } from "../helpers/cli.js";
import { hasGit, TestRepo } from "../helpers/git-repo.js";

// A sparse checkout leaves tracked files out of the work tree: they are still the repository's files, so a
// link to one is not broken; a file that is in no commit still is.
describe.skipIf(!hasGit)("files a sparse checkout leaves out", () => {
  let repo: TestRepo;
  beforeAll(() => {
    repo = new TestRepo();
    repo.write({
      "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"] }),
      "docs/guide.md": "# Guide\n\nSee [the asset](../assets/big.bin), [the notes](../notes/n.md#part) and [gone](../assets/gone.bin).\n",
      "assets/big.bin": "x\n",
      "notes/n.md": "# N\n\n## Part\n",
    });
    repo.commit("first");
    repo.git("sparse-checkout", "set", "--no-cone", "/docs/", "/docpact.config.json");
  });
  afterAll(() => rmSync(repo.root, { recursive: true, force: true }));

  it("lists them only when the checkout is sparse", () => {
    expect(existsSync(join(repo.root, "assets/big.bin"))).toBe(false);
    expect(filesOutsideSparseCheckout(repo.root)).toEqual(["assets/big.bin", "notes/n.md"]);
    const plain = new TestRepo().write({ "a.md": "# A\n" });
    plain.commit("one");
    expect(filesOutsideSparseCheckout(plain.root)).toEqual([]);
    rmSync(plain.root, { recursive: true, force: true });
  });

  it("does not report a link to one as broken, and still reports a file no commit has", async () => {
    const r = await runCliInProcess(["check", "--format", "json"], { cwd: repo.root });
    const report = JSON.parse(r.stdout);
    const links = report.diagnostics.filter((d: { rule: string }) => d.rule === "reference/broken-link");
    expect(links.map((d: { message: string }) => d.message).join("\n")).toContain("gone.bin");
    expect(links).toHaveLength(1);
    expect(report.diagnostics.filter((d: { rule: string }) => d.rule === "reference/missing-anchor")).toEqual([]);
    expect(repo.git("status", "--porcelain")).toBe("");
  });
});
