import { closest } from "../../util/edit-distance.js";
import type { RelatedLocation, Span } from "../../model/diagnostic.js";
import { type ArgumentDeclaration, declaredArguments, entryNames, resolveBare, type SlashMention } from "../../model/skills.js";
import { pageFlags, pageTie } from "./page-tie.js";
import { pastRecordReason } from "../../util/past-records.js";
import { defineRule } from "../types.js";

const PLUGIN = {
  ".claude-plugin/plugin.json": JSON.stringify({ name: "w" }),
  "commands/export-reports.md": "---\ndescription: Export reports.\nargument-hint: [--since <id>] [--audience <gerencia|tecnica>]\n---\n\nExport.\n",
};

/** A placeholder or pattern, not a literal value (`<id>`, `NNN`, `{x}`, `$ARGUMENTS`). */
const PLACEHOLDER = /[<>{}[\]$]|^[A-Z][A-Z0-9_.:-]*$/;

/** Whether a declaration takes an argument as written: its flag, and its value when the declaration lists values. */
function agrees(a: { flag: string; value: string | null }, decl: ArgumentDeclaration): boolean {
  const d = decl.args.find((x) => x.flag === a.flag);
  if (!d) return false;
  if (!d.values || !a.value || PLACEHOLDER.test(a.value)) return true;
  return a.value.split(/[|,]/).every((v) => d.values!.includes(v));
}

/** An argument or value passed to a slash command or skill in the docs that it does not declare. */
export default defineRule({
  meta: {
    id: "skill/unknown-argument",
    defaultSeverity: "error",
    // Per document: a page's bare flags are read from the page (page-tie.ts), the declarations from the bundle.
    perDocument: { consults: ["skills"] },
    description: "A slash command in the docs passes an argument, or a value, that the command does not declare.",
    explanation:
      "An argument dropped from a command keeps being passed in the docs that invoke it (`/w:export-reports --period last-month` after `--period` went away). " +
      "A command or skill declares its arguments in its front matter `argument-hint`, or in its body: a fenced usage line starting with its own name, " +
      "a table whose first header cell is Flag, Argument, Option or Parameter, or a list under an Arguments, Flags or Options heading; " +
      "a command whose body hands `$ARGUMENTS` to one Markdown file (named on the line that uses `$ARGUMENTS`) takes that file's declaration. The body's declaration wins over the hint. A usage synopsis elsewhere (`/w:x [--a] [--b]`, flags in brackets) set against a hint alone is judged where the two agree; where they differ it is not judged: either may be the stale one. " +
      "Each flag of each slash-command invocation in the docs is judged against that closed set, and its value against the values the declaration lists " +
      "(two or more literal alternatives, `gerencia|tecnica`); a placeholder value is never judged. " +
      "A bare `/name` resolved to a plugin's command (see `skill/unknown-command`) is judged against that command's declaration; a built-in's arguments are not judged. " +
      "An argument-hint that names no flag takes free text (`/hookify warn me when I use rm -rf`): its dash words are counted as not judged. " +
      "A command or skill that declares nothing has an open argument set: its flags are counted as not judged. Commands the bundle does not define are left to `skill/unknown-command`. " +
      "A bare flag on a page (`--diagrams` in running prose or a table, no command before it) is judged against the one entry the page passes arguments to besides its own (`` `export-diagrams` with `--scope data` ``, `/w:x --y`; a usage synopsis `/w:x [--a]` passes none; a command that hands `$ARGUMENTS` to a skill's file is that skill; a name that is also a CLI binary does not count), " +
      "unless the page's own entry declares the flag, its paragraph invokes the CLI or names one of its binaries (cli/unknown-flag's), names another tool, lists it with a plain word no entry is (`push`/`--amend`) or says it was removed (English, or Spanish: descarta, eliminado, renombrado, ya no…), or the page runs another program in a shell fence or inline command; " +
      "a page passing arguments to two entries, or only naming entries, ties nothing (those flags are counted as not judged on a page that invokes no CLI). " +
      "Invocations in a record of the past (a changelog, release notes, a file named by its date) used the arguments of their day: counted as not judged.",
    messages: {
      unknownArgument: "`{{command}}` declares no argument `{{flag}}`",
      unknownValue: "`{{value}}` is not a value of `{{flag}}` for `{{command}}` (declared: {{values}})",
    },
    examples: {
      bad: { ...PLUGIN, "README.md": "Run `/w:export-reports --period last-month`.\n" },
      good: { ...PLUGIN, "README.md": "Run `/w:export-reports --since 3 --audience tecnica`.\n" },
    },
    example: {
      bad: "`/w:export-reports --audience board` where the command declares `--audience <gerencia|tecnica>`.",
      fix: "Pass a declared value (`--audience gerencia`), or declare the new one.",
    },
  },
  check(ctx) {
    const bundle = ctx.model.skills;
    if (!bundle) return;
    const kind = { kind: "skillArguments" };
    const names = entryNames(bundle, "any");
    const byFile = new Map<string, SlashMention[]>();
    for (const m of bundle.slashMentions) {
      const l = byFile.get(m.file);
      if (l) l.push(m);
      else byFile.set(m.file, [m]);
    }
    /** One argument judged against a declaration: unknown flag, else a listed value it does not have. */
    const judgeArg = (a: { flag: string; value: string | null; span: Span }, command: string, decl: ArgumentDeclaration, related: RelatedLocation[]) => {
      ctx.judged(a.span, "skillArguments");
      const d = decl.args.find((x) => x.flag === a.flag);
      if (!d) {
        const near = closest(
          a.flag,
          decl.args.map((x) => x.flag),
        );
        ctx.report({
          span: a.span,
          messageId: "unknownArgument",
          data: { command, flag: a.flag },
          related,
          ...(near ? { suggestions: [near] } : {}),
        });
        return;
      }
      if (!d.values || a.value === null || PLACEHOLDER.test(a.value)) return;
      const values = a.value.split(/[|,]/);
      const bad = values.find((v) => !d.values!.includes(v));
      if (bad === undefined) return;
      const near = closest(bad, d.values);
      ctx.report({
        span: a.span,
        messageId: "unknownValue",
        data: { command, flag: a.flag, value: bad, values: d.values.join(", ") },
        related,
        ...(near ? { suggestions: [near] } : {}),
      });
    };
    const declaredHere = (name: string, decl: ArgumentDeclaration): RelatedLocation[] => [
      { file: decl.file, line: decl.span.line, column: decl.span.column, message: `the arguments of \`${name}\` are declared here` },
    ];
    for (const doc of ctx.model.docs) {
      for (const m of byFile.get(doc.file) ?? []) {
        if (m.args.length === 0) continue;
        const bare = names.has(m.name) || m.namespace !== null ? null : resolveBare(bundle, names, m.name, m.file);
        const entry = names.get(m.name) ?? (bare?.kind === "entry" ? bare.entry : undefined);
        // A flag after a code that names no entry (`` `push`/`--amend` ``) is no argument of one (model/mentions.ts).
        if (!entry && m.form === "prose") continue;
        if (!entry) {
          const why =
            bare?.kind === "builtin"
              ? `\`${m.name}\` is a Claude Code built-in: docpact does not know its arguments`
              : `\`${m.name}\` is no command or skill of this bundle: its arguments are unknown`;
          for (const a of m.args) ctx.notJudged(a.span, why, kind);
          continue;
        }
        const decl = declaredArguments(entry);
        if (!decl) {
          for (const a of m.args) ctx.notJudged(a.span, `\`${m.name}\` declares no arguments (an open set)`, kind);
          continue;
        }
        // A hint that names no flag at all ("Optional specific behavior to address") takes free text, where `rm -rf` is prose, not a flag.
        if (decl.freeText) {
          for (const a of m.args) ctx.notJudged(a.span, `\`${m.name}\`'s argument-hint names no flag: its argument is free text`, kind);
          continue;
        }
        // The declaration itself is what the others are judged against: it agrees with itself.
        if (m.file === decl.file && m.span.line === decl.span.line) {
          for (const a of m.args) ctx.judged(a.span, "skillArguments");
          continue;
        }
        const past = pastRecordReason(m.file);
        if (past) {
          for (const a of m.args) ctx.notJudged(a.span, `arguments of \`${m.name}\` in ${past}`, kind);
          continue;
        }
        if (m.synopsis && decl.source === "hint") {
          // Where the two agree there is nothing to report either way; where they differ, either may be the stale one.
          for (const a of m.args)
            if (agrees(a, decl)) ctx.judged(a.span, "skillArguments");
            else ctx.notJudged(a.span, `a usage synopsis of \`${m.name}\` set against its argument-hint alone: either may be the stale one`, kind);
          continue;
        }
        for (const a of m.args) judgeArg(a, m.name, decl, declaredHere(m.name, decl));
      }
      // Bare flags on a page about one entry (page-tie.ts): that entry's arguments.
      const past = pastRecordReason(doc.file);
      for (const f of pageFlags(doc, bundle)) {
        const tie = pageTie(f, doc, bundle, ctx.model.binaries);
        if (tie === null) continue;
        if (tie.to === "none") {
          // On a page invoking the CLI, cli/unknown-flag judges or counts the flags no entry takes.
          if (doc.invocations.length === 0) ctx.notJudged(f.span, tie.reason, kind);
          continue;
        }
        const name = tie.entry.name;
        const decl = declaredArguments(tie.entry);
        if (!decl) ctx.notJudged(f.span, `\`${name}\`, the one entry the page is about, declares no arguments (an open set)`, kind);
        else if (decl.freeText) ctx.notJudged(f.span, `\`${name}\`'s argument-hint names no flag: its argument is free text`, kind);
        else if (past) ctx.notJudged(f.span, `arguments of \`${name}\` in ${past}`, kind);
        else
          judgeArg({ flag: f.flag, value: f.value, span: f.span }, name, decl, [
            ...declaredHere(name, decl),
            { file: doc.file, line: tie.at.line, column: tie.at.column, message: `the page passes arguments to \`${name}\` alone, here first` },
          ]);
      }
    }
  },
});
