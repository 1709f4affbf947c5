/**
 * The rule catalogue: every rule docpact runs, in a stable order, and the
 * `RuleId` union derived from it by the type checker. The list itself is
 * generated/rules.ts, which `docpact build` writes from the rule modules under
 * compiler/rules/<group>/ (config `generate.registries`): a new rule file is
 * picked up by the next build, and `docpact check` reports the list stale
 * until then. Each rule's id is a literal type through `defineRule`, so the
 * union can never be stale either.
 */
import { by } from "../util/compare.js";
import type { Rule } from "./types.js";
import catalogue from "../../generated/rules.js";

/** Every rule id docpact has. */
export type RuleId = (typeof catalogue)[number]["meta"]["id"];

export const rules: readonly Rule<RuleId>[] = [...catalogue].sort(by((r) => r.meta.id));

/** Every rule id, sorted. */
export const ruleIds: readonly RuleId[] = rules.map((r) => r.meta.id);

export function isRuleId(id: string): id is RuleId {
  return (ruleIds as readonly string[]).includes(id);
}

export function findRule(id: string): Rule<RuleId> | undefined {
  return rules.find((r) => r.meta.id === id);
}
