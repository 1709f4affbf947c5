/** What an incremental or optimized run must give exactly as a cold run does. */
import type { PipelineResult } from "../../compiler/pipeline.js";

/** Diagnostics, not-judged places, and what build would write, as one comparable string. */
export function observable(r: PipelineResult): string {
  return JSON.stringify({
    diagnostics: r.diagnostics,
    notJudged: r.notJudged,
    generated: r.plan.generated.map((f) => [f.path, f.content]),
    documents: r.plan.documents.map((d) => [d.path, d.content]),
  });
}
