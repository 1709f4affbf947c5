import { contentRemovalText } from "../../model/history.js";
import { commandEvidence } from "./command-history.js";
import { defineRule } from "../types.js";
import { modelIndexFor } from "./command-match.js";
import { docMentions } from "../../model/mentions.js";
import { replaceInSpan } from "../fix-edit.js";
import { recordOf } from "../../model/document-record.js";
import { unreadBinaries } from "../../model/cli-reading.js";
import { headingsOver } from "./flag-context.js";
import type { Invocation, MarkdownDoc } from "../../model/types.js";

/** A heading about moving between versions: the commands under it may be the old ones. */
const VERSION_SECTION = /\b(breaking changes?|migrat\w*|upgrad\w*|removed)\b/i;
/**
 * Words saying a command is gone (not "deprecated": a deprecated command still exists, and documenting one the code
 * lacks is drift; not "no longer", which says many things, "no longer this document's call").
 */
const COMMAND_GONE = /(?:^|[^\p{L}])(?:removed|renamed|dropped|replaced|obsolete|formerly|previously|(?:elimin|renombr|reemplaz)ad[oa]s?)(?![\p{L}])/iu;
/** "`x` is now `y`": a rename, the first code the old name. */
const RENAMED_TO = /`[^`]+`\s+(?:is|are)\s+now\s+`/;

/** Why an invocation's context says its command is of another version (its line says it was removed or renamed, a heading over it is about migrating), or null. */
function goneContext(doc: MarkdownDoc, inv: Invocation, lines: () => readonly string[]): string | null {
  const line = inv.source === "inline" ? (lines()[inv.span.line - 1] ?? "") : "";
  // The prose's words, not the codes' (`aw legacy` names a command, it says nothing of one gone).
  if (COMMAND_GONE.test(line.replace(/`[^`]*`/g, " ")) || RENAMED_TO.test(line)) return "a command whose paragraph says it was removed or renamed";
  const heading = headingsOver(doc, inv.span).find((h) => VERSION_SECTION.test(h));
  return heading === undefined ? null : `a command under a heading about other versions (\`${heading}\`)`;
}

/** An invocation in prose names a command or sub-verb the CLI's code does not implement. */
export default defineRule({
  meta: {
    id: "cli/unknown-command",
    // The evidence of a message comes from git history and which files exist.
    perDocument: { consults: ["surface", "history"] },
    defaultSeverity: "error",
    fixable: true,
    description: "A CLI invocation in the docs names a command the code does not implement.",
    explanation:
      "Docs that tell the reader (or an agent) to run `aw flow advance` are only right while the CLI has that command. " +
      "docpact matches every invocation in prose — inline code and shell blocks starting with one of the CLI's binaries — against the command surface read from the code. " +
      "The words are walked down the command tree read by the CLI adapters, with each command's flag model: a flag's value (`--retry 3`) and a file argument (`src/a.ts:10`) are never command words. " +
      "A word that names no sub-command is an argument when the command takes arguments, and is reported, with the closest known command as the suggestion, only when the level's list of sub-commands is closed (docpact read all of it). " +
      "Where the list is open (a name that does not evaluate, commands loaded from a directory, verbs compared one by one) the word is not judged and is counted in the summary; `docpact inspect commands` shows why. " +
      "When the code reader finds no commands at all, nothing is reported (there is nothing to compare against). " +
      "A document that is a record of the past (a changelog, release notes or a file named by its date, kept under `archive/`, `history/` or a folder of dated posts such as `blog/`, or whose opening says it is historical, archived or superseded, in words or a bold capitals banner such as `**HISTORICAL**`) names the commands of its time: an invocation of a command the code still has is judged (nothing to report either way), any other is counted in the summary, not judged. An invocation whose line says its command was removed or renamed (`x` has been removed; `x` is now `y`), or that sits under a heading about other versions (Breaking changes, Migrating, Upgrading, Removed; not Deprecated: a deprecated command still exists), names a command of another version: one the code has is judged, any other is counted." +
      "Inside a git work tree, when the word was a string literal that a commit removed from a file declaring commands (or from a code file that is gone), " +
      "the message names that commit (the newest of the last 1,000 commits that touched the code); when the commit replaced it on the same line by a name that is a " +
      "command at that level now, that command is the suggestion, and `docpact build --fix` writes it in place of the old word (a spelling suggestion is never applied).",
    messages: {
      unknownCommand: "unknown command `{{command}}`",
    },
    examples: {
      bad: {
        "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }),
        "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { commandType: "CommandSpec" } }),
        "src/cli.ts":
          'export const flow = { name: "flow", verbs: ["advance"], flags: ["--json"] } satisfies CommandSpec;\ninterface CommandSpec { name: string; verbs?: string[]; flags?: string[] }\n',
        "doc.md": "The CLI decides (`aw flow advanse`).\n",
      },
      good: {
        "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }),
        "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { commandType: "CommandSpec" } }),
        "src/cli.ts":
          'export const flow = { name: "flow", verbs: ["advance"], flags: ["--json"] } satisfies CommandSpec;\ninterface CommandSpec { name: string; verbs?: string[]; flags?: string[] }\n',
        "doc.md": "The CLI decides (`aw flow advance`).\n",
      },
    },
    example: {
      bad: "The CLI decides (`aw flow advanse`).",
      fix: "Write the command the code implements: `aw flow advance` — or rename the command in the code back.",
    },
  },
  check(ctx) {
    const index = modelIndexFor(ctx.model);
    if (index.empty) return;
    const commandFiles = new Set(ctx.model.surface.commands.map((c) => c.span.file));
    // A binary whose entry reaches none of those files has a CLI docpact did not read (cli/unread counts its mentions).
    const unread = unreadBinaries(ctx.model);
    // The command code's history, and that of command modules deleted since.
    const historyAsk = ctx.model.history ? { files: [...commandFiles].sort(), gone: true as const } : undefined;
    for (const doc of ctx.model.docs) {
      // A record (an archived page, one whose banner says it is historical) names the commands of its time: one the code
      // still has is fine either way (judged); any other may have existed then (counted, not judged).
      const record = recordOf(doc, ctx.model.texts.get(doc.file));
      const pastReason = record === null ? null : `the document is a record (${record}): its commands are its time's`;
      // The document's lines, split once and only when an invocation not judged needs its line.
      let split: string[] | undefined;
      const lines = () => (split ??= (ctx.model.texts.get(doc.file) ?? "").split("\n"));
      for (const inv of doc.invocations) {
        if (unread.has(inv.binary)) continue;
        const m = index.match(inv);
        if (pastReason !== null && (m.unknown || m.notJudged)) {
          ctx.notJudged(inv.span, pastReason, { kind: "commands" });
          continue;
        }
        // "`tool multi` has been removed", "`tool hook` is now `tool generate:hook`", a "Breaking changes" section: the
        // command named is of another version; one the code has is judged, any other is counted.
        const gone = m.unknown || m.notJudged ? goneContext(doc, inv, lines) : null;
        if (gone !== null) {
          ctx.notJudged(inv.span, gone, { kind: "commands" });
          continue;
        }
        // The invocation is the command mention (summary.coverage): judged, unless a word of it was not.
        if (m.notJudged) ctx.notJudged(m.notJudged.span, m.notJudged.reason, { kind: "commands", span: inv.span });
        else ctx.judged(inv.span, "commands");
        if (!m.unknown) continue;
        const { token, written } = m.unknown;
        // Git history, when there is one: the commit that removed the word from the command code, or renamed it to a command of this level.
        const level = m.path;
        const evidence = commandEvidence(ctx.model, m);
        const suggestion = evidence?.now ? [...level, evidence.now] : m.unknown.suggestion;
        // Only the rename git recorded is applied by `build --fix`; a spelling suggestion is a guess.
        const fix = evidence?.now
          ? replaceInSpan(
              ctx.model.texts.get(token.span.file),
              token.span,
              token.text,
              evidence.now,
              `rename \`${token.text}\` to \`${evidence.now}\` (renamed in ${evidence.removal.commit})`,
            )
          : null;
        ctx.report({
          span: token.span,
          messageId: "unknownCommand",
          data: { command: [inv.binary, ...written].join(" ") },
          ...(evidence ? { evidence: `\`${token.text}\` ${contentRemovalText(evidence.removal, (v) => `\`${v}\``, evidence.removal.file)}` } : {}),
          ...(historyAsk ? { historyAsk } : {}),
          ...(suggestion ? { suggestions: [[inv.binary, ...suggestion].join(" ")] } : {}),
          ...(fix ? { fix } : {}),
        });
      }
      // A help listing's synopsis (`Usage: tool build [options]`): judged when its words name a known command (a word that names none may be an argument: not judged).
      for (const m of docMentions(doc, ctx.model.binaries)) {
        if (m.source !== "synopsis" || unread.has(m.binary)) continue;
        if (index.for(m.binary).walk(m.words ?? []) !== null) ctx.judged(m.span, "commands");
        else ctx.notJudged(m.span, pastReason ?? "a help listing whose synopsis names no known command", { kind: "commands" });
      }
    }
  },
});
