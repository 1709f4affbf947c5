/** The rule catalogue: every rule docpact runs, in a stable order. */
import type { Rule } from "./types.js";
import inputUnreadable from "./input/unreadable.js";
import inputCodeSyntax from "./input/code-syntax.js";
import delegationNoOwner from "./delegation/no-owner.js";

export const rules: Rule[] = [
  inputUnreadable,
  inputCodeSyntax,
  delegationNoOwner,
].sort((a, b) => (a.meta.id < b.meta.id ? -1 : a.meta.id > b.meta.id ? 1 : 0));

export function findRule(id: string): Rule | undefined {
  return rules.find((r) => r.meta.id === id);
}
