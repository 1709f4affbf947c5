// Checkouts of the pinned public projects, made from local mirrors outside the repository.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export function prepareCheckout(mirror, checkout, commit, sparseExclude) {
  if (!existsSync(join(checkout, ".git"))) {
    mkdirSync(dirname(checkout), { recursive: true });
    git(["clone", "-q", "--no-checkout", mirror, checkout]);
  }
  // Files a mirror lacks (snapshots leave out blobs of 4 MiB and more) would fail the checkout: a
  // sparse checkout leaves them out, those project.json `sparseExclude` lists and any other blob of
  // the commit's tree the clone does not have.
  const missing = [...new Set([...(sparseExclude ?? []), ...missingBlobs(checkout, commit)])].sort();
  if (missing.length) {
    git(["-C", checkout, "config", "core.sparseCheckout", "true"]);
    const info = join(checkout, ".git", "info");
    mkdirSync(info, { recursive: true });
    writeFileSync(join(info, "sparse-checkout"), ["/*", ...missing.map((p) => `!/${p}`), ""].join("\n"));
  }
  restore(checkout, commit);
}

/** Paths of the commit's tree whose blob the clone lacks (one batch check, not one call per blob). */
function missingBlobs(checkout, commit) {
  const tree = git(["-C", checkout, "ls-tree", "-r", "-z", commit])
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split("\t");
      const [, type, id] = meta.split(" ");
      return { type, id, path };
    })
    .filter((e) => e.type === "blob");
  if (tree.length === 0) return [];
  const r = spawnSync("git", ["-C", checkout, "cat-file", "--batch-check=%(objectname)"], {
    input: tree.map((e) => e.id).join("\n") + "\n",
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const gone = new Set(
    r.stdout
      .split("\n")
      .filter((l) => l.endsWith(" missing"))
      .map((l) => l.split(" ")[0]),
  );
  return tree.filter((e) => gone.has(e.id)).map((e) => e.path);
}

export function restore(checkout, commit) {
  git(["-C", checkout, "checkout", "-q", "-f", commit]);
  git(["-C", checkout, "clean", "-fdxq"]);
}

/** Applies a mutation's edits; returns an error text, or null when every edit applied. */
export function applyEdits(root, edits) {
  for (const e of edits) {
    const file = join(root, e.file);
    if (!existsSync(file)) return `edit target missing: ${e.file}`;
    // A page moved or an asset deleted: `moveTo` (a path relative to the project root) or `delete`.
    if (e.delete || e.moveTo) {
      if (e.moveTo) {
        mkdirSync(dirname(join(root, e.moveTo)), { recursive: true });
        renameSync(file, join(root, e.moveTo));
      } else rmSync(file);
      continue;
    }
    const text = readFileSync(file, "utf8");
    if (!text.includes(e.find)) return `text not found in ${e.file}: ${e.find}`;
    writeFileSync(file, e.all ? text.split(e.find).join(e.replace) : text.replace(e.find, e.replace));
  }
  return null;
}

/** Tracked files of the checkout under `root` (a folder inside it), relative to `root`. */
export function trackedFiles(root) {
  return git(["-C", root, "ls-files", "-z", "--", "."]).split("\0").filter(Boolean);
}

export function git(argv) {
  const r = spawnSync("git", argv, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`git ${argv.join(" ")}: ${(r.stderr || "").trim()}`);
  return r.stdout;
}
