/** Build: write what the plan says (generated code, regions), after applying fixes when asked. */
import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { applyFixes } from "./apply-fixes.js";
import type { EmitPlan } from "./emit/plan.js";
import { generatedFilesOnDisk, isOwnGenerated } from "./emit/generated-files.js";
import { openCache } from "./cache/cache.js";
import { readDocs } from "./read.js";
import { runPipeline, type PipelineOptions, type PipelineResult } from "./pipeline.js";
import { DocpactError } from "./util/errors.js";
import { removeInsideRoot, removeStaleTemps, writeAtomic } from "./util/write.js";

export interface BuildOptions extends PipelineOptions {
  fix?: boolean;
  force?: boolean;
}

export interface BuildResult extends PipelineResult {
  /** Files written or removed, relative to the root, sorted. */
  written: string[];
}

/** Rules whose findings build resolves by writing. */
const RESOLVED_BY_BUILD = ["generated/stale", "fragment/stale"];

export async function runBuild(opts: BuildOptions): Promise<BuildResult> {
  const written: string[] = [];
  const cache = opts.cache ?? openCache(opts.root, true);
  opts = { ...opts, cache, deferFlush: true };
  let result = await runPipeline(opts);
  try {
    if (opts.fix && result.diagnostics.some((d) => d.fix)) {
      written.push(...applyFixes(opts.root, result.diagnostics));
      result = await runPipeline(opts);
    }
    writePlan(opts.root, result.plan, written);
  } catch (e) {
    throw stoppedAfter(e, written);
  }
  // The next check reads the documents build just rewrote: parse them now, so the cache has them.
  const rewritten = result.plan.documents.map((d) => d.path).filter((p) => written.includes(p));
  if (rewritten.length > 0) await readDocs(opts.root, rewritten, result.config, cache);
  cache.flush();
  const diagnostics = result.diagnostics.filter((d) => !RESOLVED_BY_BUILD.includes(d.rule));
  return { ...result, diagnostics, written: [...new Set(written)].sort() };
}

/** A write that failed part-way: the one-line error also says what build had written by then. */
function stoppedAfter(e: unknown, written: string[]): unknown {
  if (!(e instanceof DocpactError)) return e;
  const list = [...new Set(written)].sort();
  const tail = list.length === 0 ? "nothing was written" : `written before stopping (${list.length}): ${list.join(", ")}`;
  return new DocpactError(`${e.message}; ${tail}`);
}

/** Writes the plan; `written` collects each path as it lands, so a failure part-way still knows what it did. */
export function writePlan(root: string, plan: EmitPlan, written: string[] = []): string[] {
  const write = (path: string, content: string) => {
    const abs = join(root, path);
    if (existsSync(abs) && readFileSync(abs, "utf8") === content) return;
    writeAtomic(root, path, content);
    written.push(path);
  };
  for (const f of plan.generated) write(f.path, f.content);
  if (plan.outDir !== null) {
    const planned = new Set([...plan.generated.map((f) => f.path), ...plan.kept]);
    // Only files docpact itself generated are removed (never links); anything else in outDir is the user's,
    // and modules of a schema that failed to read this run stay (plan.kept).
    const onDisk = generatedFilesOnDisk(root, plan.outDir);
    for (const [path, content] of Object.entries(onDisk)) {
      if (!planned.has(path) && isOwnGenerated(path, plan.outDir, content)) {
        removeInsideRoot(root, path);
        written.push(path);
      }
    }
  }
  for (const f of plan.documents) write(f.path, f.content);
  // Temp files of a build that was killed mid-write, in the folders this build writes to.
  const dirs = [...plan.generated, ...plan.documents].map((f) => posix.dirname(f.path));
  written.push(...removeStaleTemps(root, dirs));
  return written;
}
