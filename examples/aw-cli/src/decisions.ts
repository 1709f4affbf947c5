/** Decisions the CLI owns, the document that says so, and the words it must carry. */
import { FLOW_ADVANCE } from "./owners.js";

export const DECISIONS = [
  {
    id: "batch-eligibility",
    document: "modules/PLAN-EXECUTION-BATCHES.md",
    attribution: `decided by the CLI (\`${FLOW_ADVANCE}\`)`,
  },
  {
    id: "split-signals",
    document: "modules/PLAN-SPLIT-GATE.md",
    attribution: "Recognizing a signal is judgment; counting them is a rule.",
  },
  {
    id: "prompt-line",
    document: "modules/PROMPT-CONTINUITY.md",
    attribution: "a bare prompt continues the most recent through `aw resume`",
  },
  {
    id: "adoption-scope",
    document: "modules/PLAN-INPUT.md",
    attribution: "What adoption may do once the mode is settled",
  },
] as const;
