/** Build: write what the plan says (generated code, regions), after applying fixes when asked. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { applyFixes } from "./apply-fixes.js";
import type { EmitPlan } from "./emit/plan.js";
import { GENERATED_HEADER_PREFIX } from "./emit/generated-files.js";
import { generatedFilesOnDisk } from "./readers/generated-files.js";
import { openCache } from "./cache/cache.js";
import { readDocs } from "./read.js";
import { runPipeline, type PipelineOptions, type PipelineResult } from "./pipeline.js";
import type { RuleId } from "./rules/index.js";
import { removeInsideRoot, writeAtomic } from "./util/write.js";

export interface BuildOptions extends PipelineOptions {
  fix?: boolean;
  force?: boolean;
}

export interface BuildResult extends PipelineResult {
  /** Files written or removed, relative to the root, sorted. */
  written: string[];
}

/** Rules whose findings build resolves by writing. */
const RESOLVED_BY_BUILD: readonly RuleId[] = ["generated/stale", "fragment/stale"];

export async function runBuild(opts: BuildOptions): Promise<BuildResult> {
  const written: string[] = [];
  const cache = opts.cache ?? openCache(opts.root, true);
  opts = { ...opts, cache, deferFlush: true };
  let result = await runPipeline(opts);
  if (opts.fix && result.diagnostics.some((d) => d.fix)) {
    written.push(...applyFixes(opts.root, result.diagnostics));
    result = await runPipeline(opts);
  }
  written.push(...writePlan(opts.root, result.plan));
  // The next check reads the documents build just rewrote: parse them now, so the cache has them.
  const rewritten = result.plan.documents.map((d) => d.path).filter((p) => written.includes(p));
  if (rewritten.length > 0) await readDocs(opts.root, rewritten, result.config, cache);
  cache.flush();
  const diagnostics = result.diagnostics.filter((d) => !(RESOLVED_BY_BUILD as readonly string[]).includes(d.rule));
  return { ...result, diagnostics, written: [...new Set(written)].sort() };
}

export function writePlan(root: string, plan: EmitPlan): string[] {
  const written: string[] = [];
  const write = (path: string, content: string) => {
    const abs = join(root, path);
    if (existsSync(abs) && readFileSync(abs, "utf8") === content) return;
    writeAtomic(root, path, content);
    written.push(path);
  };
  for (const f of plan.generated) write(f.path, f.content);
  if (plan.outDir !== null) {
    const planned = new Set(plan.generated.map((f) => f.path));
    // Only files docpact itself generated are removed; anything else in outDir is the user's.
    for (const [path, content] of Object.entries(generatedFilesOnDisk(root, plan.outDir))) {
      if (!planned.has(path) && content.startsWith(GENERATED_HEADER_PREFIX)) {
        removeInsideRoot(root, path);
        written.push(path);
      }
    }
  }
  for (const f of plan.documents) write(f.path, f.content);
  return written;
}
