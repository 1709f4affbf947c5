import { defineRule } from "../types.js";

export const UNUSED_SUPPRESSION = "suppression/unused" as const;

/**
 * A suppression comment that suppresses nothing. The finding depends on what
 * every other rule reported, so it is produced by compiler/suppress.ts after
 * the rules ran; this module carries the rule's identity and explanation.
 */
export default defineRule({
  meta: {
    id: UNUSED_SUPPRESSION,
    defaultSeverity: "warning",
    description: "A docpact-disable, docpact-disable-line or docpact-disable-next-line comment suppresses nothing.",
    explanation:
      "Suppression comments (`<!-- docpact-disable-next-line RULE -->`, `<!-- docpact-disable RULE -->` … `<!-- docpact-enable RULE -->`) silence findings in a Markdown document. " +
      "Once the prose or the code is fixed, a leftover suppression would silently hide the next real drift at that place, so docpact reports every suppression, and every rule named in one, that silenced nothing in this run, and every rule name it does not know. " +
      'Suppressions naming a rule that is "off" in the config are not reported, so turning a rule off and on again needs no edits.',
    messages: {
      blanket: "docpact-{{what}} suppresses nothing",
      rule: "docpact-{{what}} {{rule}} suppresses nothing",
      unknownRule: 'docpact-{{what}} names unknown rule "{{rule}}"',
    },
    examples: {
      bad: { "doc.md": "# Doc\n\n<!-- docpact-disable-next-line delegation/no-owner -->\nPlain prose.\n" },
      good: { "doc.md": "# Doc\n\nPlain prose.\n" },
    },
    example: {
      bad: "<!-- docpact-disable-next-line cli/unknown-command -->\nRun `aw flow advance` (a command that exists).",
      fix: "Delete the comment, or name the rule that really fires on the next line.",
    },
  },
  check() {
    // Computed after all rules ran: see compiler/suppress.ts.
  },
});
