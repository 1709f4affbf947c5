/**
 * Events the CLI emits, mirrored from the envelope schema.
 * @docpact-mirror ../schemas/envelope.schema.json#/$defs/eventType
 */
export const RUN_EVENTS = ["run.started", "run.finished", "envelope.retry-exhausted", "envelope.accepted"] as const;

export type RunEvent = (typeof RUN_EVENTS)[number];
