/** `docpact baseline [--prune]`: writes today's findings (or only the still-matching old ones) to the baseline file. */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { runPipeline } from "../pipeline.js";
import { BASELINE_FILE, formatBaseline, readBaseline } from "../gate/baseline-file.js";
import { baselineEntries } from "../gate/gate.js";
import { renamesOf, textGetter } from "../run.js";
import { writeAtomic } from "../util/write.js";

export interface BaselineRequest {
  root: string;
  configPath?: string;
  prune: boolean;
  allowUnmatchedPatterns?: boolean;
}

export async function runBaseline(req: BaselineRequest, out: { write(s: string): unknown }): Promise<number> {
  const r = await runPipeline({ root: req.root, configPath: req.configPath, allowUnmatchedPatterns: req.allowUnmatchedPatterns === true });
  const rel = r.config.baseline ?? BASELINE_FILE;
  const abs = resolve(req.root, rel);
  const old = existsSync(abs) ? readBaseline(req.root, abs, rel) : null;
  const entries = baselineEntries(r.diagnostics, textGetter(req.root, r.model), old, req.prune, renamesOf(r.model));
  writeAtomic(req.root, rel, formatBaseline(entries));
  const n = (k: number, w: string) => `${k} ${w}${k === 1 ? "" : "s"}`;
  if (req.prune) {
    const dropped = (old?.findings.length ?? 0) - entries.length;
    out.write(`docpact: ${rel}: kept ${n(entries.length, "finding")}, pruned ${n(dropped, "fixed one")}${old ? "" : " (there was no baseline)"}\n`);
  } else {
    out.write(`docpact: wrote ${rel}: ${n(entries.length, "finding")} recorded; \`docpact check\` now fails only on new ones\n`);
  }
  return 0;
}
