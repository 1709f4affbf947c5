import type { CommandDecl } from "../../model/cli.js";
import type { InlineCode, MarkdownDoc } from "../../model/types.js";
import { closest } from "../../util/edit-distance.js";
import { defineRule } from "../types.js";

const HEADING = /\b(commands?|sub-?commands?|comandos?)\b/i;
/** `name`, `name <a|b|c> [--x]`, `name [--x]`: a bare command word and what follows it. */
const ENTRY = /^([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:\s+(.*))?$/;
const ALTERNATION = /^<([a-z0-9-]+(?:\|[a-z0-9-]+)+)>/;
/** How much of a list must be the binary's commands before its other entries are judged. */
const MIN_ENTRIES = 4;
const MIN_SHARE = 2 / 3;

interface Entry {
  code: InlineCode;
  word: string;
  rest: string;
}

/** The list-item and table-cell codes under each heading that names commands, one list per section. */
function sections(doc: MarkdownDoc): Entry[][] {
  const out: Entry[][] = [];
  const heads = [...doc.headings].sort((a, b) => a.span.line - b.span.line);
  heads.forEach((h, i) => {
    if (!HEADING.test(h.text)) return;
    const end = heads.slice(i + 1).find((n) => n.depth <= h.depth)?.span.line ?? Infinity;
    const next = heads[i + 1]?.span.line ?? Infinity;
    const entries: Entry[] = [];
    for (const c of doc.inlineCodes) {
      if (!c.lead || c.span.line <= h.span.line || c.span.line >= Math.min(end, next) || c.span.line !== c.span.endLine) continue;
      const m = ENTRY.exec(c.value.trim());
      if (m) entries.push({ code: c, word: m[1], rest: m[2] ?? "" });
    }
    if (entries.length > 0) out.push(entries);
  });
  return out;
}

/** Bare command names under a heading that lists a binary's commands: a name the CLI lacks, and `<a|b|c>` sub-verbs against the command's. */
export default defineRule({
  meta: {
    id: "cli/bare-command",
    defaultSeverity: "error",
    description:
      "A list of a binary's commands (under a Commands heading, no binary prefix) names a command the CLI does not have, or gives a sub-verb alternation that disagrees with the command's.",
    explanation:
      'A command deleted from the code stays in the README\'s command list (the entry `auto-plan-decide` under "Commands"), and a list of sub-verbs written `git-flow <sync|to-qa|to-prod>` misses the one added later. ' +
      "docpact reads the entries that open a list item or table cell with inline code under a heading that names commands (Commands, Subcommands, Comandos), up to the next heading. " +
      "Such a list is the binary's command list only when the CLI's top-level command set is closed (docpact read all of it), the list has at least four entries and at least two thirds of them are top-level commands of the CLI; " +
      "then an entry the CLI does not have is an error. After a known command, an alternation `<a|b|c>` is judged against the command's declared sub-verbs: a member it does not declare is an error, a sub-verb the alternation leaves out a warning. " +
      "Lists that do not meet that bar are not judged (counted), and neither are commands without declared sub-verbs.",
    messages: {
      unknownCommand: "`{{word}}` is listed among the commands, but the CLI has no command `{{word}}`",
      unknownMember: "`{{member}}` is no sub-command of `{{command}}` (it declares {{verbs}})",
      missingMember: "`{{command}} <{{members}}>` leaves out `{{missing}}`, which `{{command}}` declares",
    },
    examples: {
      bad: {
        "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }),
        "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { commandType: "CommandSpec" } }),
        "src/cli.ts":
          'interface CommandSpec { name: string; verbs?: string[] }\nexport const a = { name: "init" } satisfies CommandSpec;\nexport const b = { name: "status" } satisfies CommandSpec;\nexport const c = { name: "sync" } satisfies CommandSpec;\nexport const d = { name: "flow", verbs: ["start", "stop"] } satisfies CommandSpec;\n',
        "README.md":
          "Use `aw init`.\n\n## Commands\n\n- `init` — set up\n- `status` — show\n- `sync` — pull\n- `flow <start|stop>` — run\n- `plan-decide` — gone\n",
      },
      good: {
        "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }),
        "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { commandType: "CommandSpec" } }),
        "src/cli.ts":
          'interface CommandSpec { name: string; verbs?: string[] }\nexport const a = { name: "init" } satisfies CommandSpec;\nexport const b = { name: "status" } satisfies CommandSpec;\nexport const c = { name: "sync" } satisfies CommandSpec;\nexport const d = { name: "flow", verbs: ["start", "stop"] } satisfies CommandSpec;\n',
        "README.md": "Use `aw init`.\n\n## Commands\n\n- `init` — set up\n- `status` — show\n- `sync` — pull\n- `flow <start|stop>` — run\n",
      },
    },
    example: {
      bad: 'Under "Commands": the entry `auto-plan-decide` after the command was deleted.',
      fix: "Drop the entry, or name the command that replaced it.",
    },
  },
  check(ctx) {
    const surface = ctx.model.surface;
    if (!surface.commandSet.closed || ctx.model.binaries.length === 0) return;
    const top = new Map<string, CommandDecl>();
    for (const c of surface.commands) {
      if (c.path.length !== 1) continue;
      top.set(c.path[0], c);
      for (const a of c.aliases) top.set(a, c);
    }
    if (top.size === 0) return;
    for (const doc of ctx.model.docs) {
      for (const list of sections(doc)) {
        const known = list.filter((e) => top.has(e.word)).length;
        if (list.length < MIN_ENTRIES || known / list.length < MIN_SHARE) {
          if (known > 0)
            for (const e of list)
              if (!top.has(e.word))
                ctx.notJudged(
                  e.code.span,
                  "a list under a commands heading that is not certainly the CLI's command list (fewer than four entries, or under two thirds of them commands)",
                );
          continue;
        }
        for (const e of list) {
          const cmd = top.get(e.word);
          if (!cmd) {
            const near = closest(e.word, [...top.keys()]);
            ctx.report({ span: e.code.span, messageId: "unknownCommand", data: { word: e.word }, ...(near ? { suggestions: [near] } : {}) });
            continue;
          }
          const alt = ALTERNATION.exec(e.rest);
          if (!alt) continue;
          if (!cmd.verbs || cmd.verbs.length === 0) {
            ctx.notJudged(e.code.span, `\`${e.word}\` declares no sub-commands to judge \`<${alt[1]}>\` against`);
            continue;
          }
          const members = alt[1].split("|");
          const verbs = cmd.verbs;
          for (const m of members) {
            if (!verbs.includes(m))
              ctx.report({ span: e.code.span, messageId: "unknownMember", data: { member: m, command: e.word, verbs: verbs.join(", ") } });
          }
          for (const v of verbs) {
            if (!members.includes(v))
              ctx.report({ span: e.code.span, severity: "warning", messageId: "missingMember", data: { command: e.word, members: alt[1], missing: v } });
          }
        }
      }
    }
  },
});
