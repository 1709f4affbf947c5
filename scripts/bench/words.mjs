/** Word lists for the synthetic projects: the vocabulary of agent-workflow CLIs like the seeds'. */

export const PROSE = (
  "the a phase plan batch gate review spec checkpoint runtime contract proof evidence state " +
  "decision boundary handoff blocker risk agent workflow session signal step command output " +
  "must may never always only when before after while every each any no once again instead " +
  "records writes reads emits checks runs stops resumes repeats infers validates rejects " +
  "keeps drops merges splits flips marks reports names asks owns decides follows " +
  "current declared effective pending closed open live reachable stale deterministic " +
  "human operator maintainer reviewer author skill module chassis loop cycle range " +
  "is are was be not it its this that these those with without from into over under " +
  "and or but so because unless until of to in on at by for as than then"
).split(" ");

export const HEADING = (
  "Inference Runtime authority Continuous cycle Execution batches Recovery Compact resume " +
  "Gates Evidence Handoff Blockers Review panel Checkpoint Signals Budget Routing Isolation " +
  "Retries Timeouts Validation Closing steps Git step Planning structure Open questions " +
  "Dependencies Risks Exit conditions Proofs Scope Overview Inputs Outputs Failure modes " +
  "Ownership Lifecycle Migration Legacy compat Refinement decisions Traceability"
).split(" ");

/** Command words for the CLI surface (`aw flow advance`). */
export const COMMANDS = (
  "flow plan spec run agent session review batch gate phase task probe signal checkpoint " +
  "handoff budget route lens panel proof release deploy config cache index skill module " +
  "loop worker queue ledger trace audit policy scope inbox digest"
).split(" ");

export const VERBS = (
  "advance status close open list show start stop resume retry validate sync export import " +
  "merge split flip mark record emit prune rebuild inspect attach detach promote demote"
).split(" ");

export const FLAGS = (
  "json dry-run force verbose quiet yes all limit since until format output root config " + "phase batch reason watch strict no-color timeout retries label"
).split(" ");

/** Namespaces of schema vocabularies (`run.started`). */
export const NAMESPACES = (
  "run agent envelope phase gate plan spec review batch task flow session checkpoint signal " +
  "probe handoff budget route lens panel worker queue ledger trace audit"
).split(" ");

export const EVENTS = (
  "started finished failed skipped queued retried exhausted blocked unblocked merged split " +
  "flipped recorded emitted pruned resumed paused cancelled timed-out validated rejected accepted"
).split(" ");

export const FIELDS = (
  "id runId phaseId batchId kind status reason createdAt updatedAt owner attempts budget " +
  "label summary evidence proof risk blocker handoff route lens threshold reviewers"
).split(" ");
