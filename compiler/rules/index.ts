/** The rule catalogue: every rule docpact runs, in a stable order. */
import type { Rule } from "./types.js";
import inputUnreadable from "./input/unreadable.js";
import inputCodeSyntax from "./input/code-syntax.js";
import inputOutsideRoot from "./input/outside-root.js";
import inputSpecialFile from "./input/special-file.js";
import inputTooLarge from "./input/too-large.js";
import delegationNoOwner from "./delegation/no-owner.js";
import cliUnknownCommand from "./cli/unknown-command.js";
import cliUnknownFlag from "./cli/unknown-flag.js";
import cliUnmatchedConfig from "./cli/unmatched-config.js";
import vocabularyCodeMismatch from "./vocabulary/code-mismatch.js";
import vocabularyDeprecatedTerm from "./vocabulary/deprecated-term.js";
import vocabularyRetiredTerm from "./vocabulary/retired-term.js";
import vocabularyUnknownTerm from "./vocabulary/unknown-term.js";
import suppressionUnused from "./suppression/unused.js";
import referenceBrokenLink from "./reference/broken-link.js";
import referenceMissingAnchor from "./reference/missing-anchor.js";
import referenceMissingPath from "./reference/missing-path.js";
import referenceMissingSection from "./reference/missing-section.js";
import decisionMissingAttribution from "./decision/missing-attribution.js";
import decisionMissingDocument from "./decision/missing-document.js";
import decisionUnregisteredNote from "./decision/unregistered-note.js";
import decisionUnreadableRegistry from "./decision/unreadable-registry.js";
import decisionUnreadableRow from "./decision/unreadable-row.js";
import fragmentStale from "./fragment/stale.js";
import schemaInvalid from "./schema/invalid.js";
import schemaUnresolvedRef from "./schema/unresolved-ref.js";
import schemaInvalidInstance from "./schema/invalid-instance.js";
import generatedStale from "./generated/stale.js";
import fragmentMalformed from "./fragment/malformed.js";
import fragmentHandEdited from "./fragment/hand-edited.js";

export const rules: Rule[] = [
  inputUnreadable,
  inputCodeSyntax,
  inputOutsideRoot,
  inputSpecialFile,
  inputTooLarge,
  delegationNoOwner,
  cliUnknownCommand,
  cliUnknownFlag,
  cliUnmatchedConfig,
  vocabularyCodeMismatch,
  vocabularyDeprecatedTerm,
  vocabularyRetiredTerm,
  vocabularyUnknownTerm,
  suppressionUnused,
  referenceBrokenLink,
  referenceMissingAnchor,
  referenceMissingPath,
  referenceMissingSection,
  decisionMissingAttribution,
  decisionMissingDocument,
  decisionUnregisteredNote,
  decisionUnreadableRegistry,
  decisionUnreadableRow,
  fragmentStale,
  schemaInvalid,
  schemaUnresolvedRef,
  schemaInvalidInstance,
  generatedStale,
  fragmentMalformed,
  fragmentHandEdited,
].sort((a, b) => (a.meta.id < b.meta.id ? -1 : a.meta.id > b.meta.id ? 1 : 0));

export function findRule(id: string): Rule | undefined {
  return rules.find((r) => r.meta.id === id);
}
