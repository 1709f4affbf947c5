import { closest } from "../../util/edit-distance.js";
import type { Span } from "../../model/diagnostic.js";
import type { Closure, FlagSpec, InlineCode, InvocationToken } from "../../model/types.js";
import type { SkillEntry, SlashMention } from "../../model/skills.js";
import { sectionTies, tiedBareFlags } from "./bare-flags.js";
import { blockTie, type FlagTie, synopsisTie } from "./flag-context.js";
import { docMentions, proseFlagCodes } from "../../model/mentions.js";
import { defineRule } from "../types.js";
import { contentRemovalText, literalRemoval } from "../../model/history.js";
import { replaceInSpan } from "../fix-edit.js";
import { recordOf } from "../../model/document-record.js";
import { declaredArguments, entryNames } from "../../model/skills.js";
import { pageFlags, pageTie, proseEntryArguments } from "../skill/page-tie.js";
import { commandEvidence, matchRenamed } from "./command-history.js";
import { unreadBinaries } from "../../model/cli-reading.js";
import { ALWAYS_ALLOWED_FLAGS, FlagTable, modelIndexFor, type SurfaceIndex } from "./command-match.js";

export { ALWAYS_ALLOWED_FLAGS };

/** An invocation in prose passes a flag the command does not accept. */
export default defineRule({
  meta: {
    id: "cli/unknown-flag",
    // The evidence of a message comes from git history.
    perDocument: { consults: ["surface", "history", "skills"] },
    historyWith: ["cli/unknown-command"],
    defaultSeverity: "error",
    fixable: true,
    description: "A CLI invocation in the docs passes a flag the code does not accept.",
    explanation:
      "A flag renamed or removed in the code keeps living in the docs until someone runs the documented command. " +
      "docpact checks each flag of each invocation in prose (up to a `--` separator) against the flag model of the matched command: its own flags and those of its parent commands, " +
      "with the framework's equivalences (`--dryRun` for `--dry-run`, `--no-x`, dotted `--a.b` where yargs and cac accept them). " +
      "A command that declares no flags of its own reads the global set: every `--name` literal in the CLI's code and every name passed to the configured flag accessors; where its handler's reads can all be told (a command-type registry's `execute(args)`), it accepts only what the handler reads plus what the program reads outside every handler. " +
      "A flag is judged only against a closed set: when an option does not evaluate, a command accepts unknown options, or no flag accessor is configured for a global set, the flag is not judged and is counted in the summary. " +
      "`--help`, `-h` and `--version` are always accepted, and a short-flag cluster such as `-rf` is accepted when each letter is — in an invocation; in a help listing's option line or a code listing one option's names with commas (`-css, --css`), a single-dash word names an option and is accepted only by that name. " +
      "A code that lists one option's names with commas (`` `--async-only, -A` ``, an option heading's usual form) holds one flag per name; so does a heading whose text opens with option names written without backticks (`#### -p, --port`). " +
      "A section that shows no invocation but whose heading is only a command's path (`### build`, `` ### `tool build` ``) on a page invoking one binary ties the flags in it to that command (a command reference). " +
      'A bare `--flag` that opens an option list\'s entry or a table cell is checked only where its section ties it to one command: the section, or the nearest enclosing one showing invocations, shows invocations of that command alone and its heading names it (or, for a CLI without sub-commands, names the binary or is a usage/options heading), or where it is written "`--x` of `tool cmd`". ' +
      "A flag in running prose, or an option-list flag its section does not tie, is checked by its paragraph (or table cell): one command invoked there ties it to that command; several commands of one binary invoked there or named as a code of their own (`` `aw sessions` / `release-data` applying `--since` ``) tie it to those commands (one of them must accept it); the binary named alone, or another command named as a plain word, ties it to the binary (some command must accept it); a paragraph that names another tool (a program run in the flag's own section, its parent sections' own text or the page's preamble — shell fences, `sh -c` strings and inline codes with flags alike —, or node, npm, npx, yarn, pnpm, bun, deno, git, docker; an inline code with a flag or of three lowercase words or more, such as `codex plugin install`, runs its first word; `node ./bin/x`, `npx @scope/pkg` and bins that are one program's shims run the CLI itself) or speaks of installing before the flag in its sentence (`install it with --save-dev`; not where the flag's section or one holding it runs the CLI's own `install` command, which the word then names) is not judged — unless the flag's sentence names one of the binaries (\"Mocha supports `--require`\") or the flag links to a page of these docs, and the CLI accepts it: then it is judged, nor a flag written as a link to an external page (`` [`--max-http-header-size`](https://nodejs.org/…) ``: documented there, another program's), nor, unless the CLI accepts it, one the paragraph says was removed, renamed or deprecated (in English, or in Spanish: descarta, eliminado, renombrado, ya no…) or one beside (or in a section showing) an invocation that is not judged, nor one listed with a plain word no command of the CLI is (`` no `push`/`--amend` ``, \"never commit, merge, push, `--amend`, or `--no-verify`\": another tool's operations); else the section ties it as above; " +
      "else the nearest section showing invocations (its own text, else its parents'), or else the page, ties it to the binary when every invocation there is of one program (binaries package.json `bin` maps to one file are one, and so are binaries whose entries reach the same files the commands were read from) " +
      "and it runs no other program (a shell-fence or inline command of another tool; comments, installs, package runners running the binary or named as a prefix alone (`yarn exec`; `npm create x` runs the initializer `create-x`, another program unless it is one of the binaries, whose invocation the line then is), shell utilities such as `cd` and lines starting with one of the CLI's own commands aside), no heading over it names another tool (`# git — git-safe capability`), and the page shows no CSS (where `--x` may be a custom property: there only a flag the CLI accepts is judged); a dash word no CLI writes as a flag (`-moz-initial`) is not tied so. " +
      "On a page about upgrading or changes (title or file name: upgrade, migration, changelog), a flag tied by the binary's name or by its section or page names the flags of another version too: one the CLI accepts is judged, any other is counted, not reported. " +
      "On a page that gives flags to a slash command or shows its usage (`/w:x [--a]`, a synopsis continued on indented option lines included), a flag tied so that one of those commands declares (that usage, its `argument-hint` or body) is that command's argument, and agrees with it; any other is not judged where that section (or the page, when the page is what ties it) shows the command, and elsewhere on the page only when the CLI accepts it: one the CLI does not accept may be an argument no declaration lists. " +
      "The option lines of a help-output listing (`Usage: tool build [options]`) are checked against the command its synopsis names. " +
      "In a skill's or slash command's own file, a flag (in running prose, an option list or a table) that the entry declares (its usage line, flag table or `argument-hint`) is the entry's argument, left to `skill/unknown-argument`, unless the sentence holding it invokes the CLI (`` `aw sessions` applying `--since`/`--period` ``: passed to the CLI there). " +
      "A flag that a slash command on the page declares, in a paragraph invoking the CLI but outside the sentence that invokes it (`Filter by --topics when present.`), is that command's argument, judged so. A flag written after a skill's or command's name in its sentence (`` `manuals` with `--topics a` ``), and a bare flag on a page that passes arguments to one entry alone, are that entry's arguments (`skill/unknown-argument`). " +
      "A document that is a record of the past (a changelog, release notes or a file named by its date, kept under `archive/`, `history/` or a folder of dated posts such as `blog/`, or whose opening says it is historical, archived or superseded, in words or a bold capitals banner such as `**HISTORICAL**`) names the flags of its time: a flag the code still accepts is judged (nothing to report either way), any other is counted in the summary, not judged. " +
      "Invocations whose command is unknown are left to `cli/unknown-command` (unless git shows the command renamed: its flags are then judged against the command it became), and nothing is reported when the code reader finds no commands at all. " +
      "Inside a git work tree, when the flag's name (with or without its dashes) was a string literal that a commit removed from a code file, the message names that commit; " +
      "when the commit replaced it on the same line by a name the command accepts now, that flag is the suggestion, and `docpact build --fix` writes it in place of the old one " +
      "(a spelling suggestion is never applied).",
    messages: {
      unknownFlag: "unknown flag `{{flag}}` for `{{command}}`",
      unknownFlagOfSeveral: "unknown flag `{{flag}}`: none of the commands its paragraph names ({{commands}}) accepts it",
    },
    examples: {
      bad: {
        "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }),
        "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { commandType: "CommandSpec" } }),
        "src/cli.ts":
          'export const flow = { name: "flow", verbs: ["advance"], flags: ["--json"] } satisfies CommandSpec;\ninterface CommandSpec { name: string; verbs?: string[]; flags?: string[] }\n',
        "doc.md": "Run `aw flow advance --jsn` to see the result.\n",
      },
      good: {
        "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }),
        "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { commandType: "CommandSpec" } }),
        "src/cli.ts":
          'export const flow = { name: "flow", verbs: ["advance"], flags: ["--json"] } satisfies CommandSpec;\ninterface CommandSpec { name: string; verbs?: string[]; flags?: string[] }\n',
        "doc.md": "Run `aw flow advance --json` to see the result.\n",
      },
    },
    example: {
      bad: "Run `aw flow advance --jsn` to see the result.",
      fix: "Use the flag the command declares: `aw flow advance --json`.",
    },
  },
  check(ctx) {
    const surface = ctx.model.surface;
    // Each binary's mentions against its program's own surface where the entries read apart (`index.for(binary)`).
    const index = modelIndexFor(ctx.model);
    // Binaries whose entry reaches none of the files the commands were read from (model/cli-reading.ts): not judged.
    const unread = unreadBinaries(ctx.model);
    if (index.empty) return;
    const global: FlagSpec[] = surface.globalFlags.map((f) => ({
      long: f.startsWith("--") ? f : null,
      short: f.startsWith("--") ? [] : [f],
      aliases: [],
      arity: "boolean",
      negatable: false,
      inherited: false,
      span: null,
    }));
    // One flag table per program and matched command path (a CLI has few commands and many invocations).
    const tables = new Map<SurfaceIndex, Map<string, { table: FlagTable; allowed: FlagSpec[]; closure: Closure }>>();
    const tableAt = (binary: string, path: string[]) => {
      const own = index.for(binary);
      let byPath = tables.get(own);
      if (!byPath) tables.set(own, (byPath = new Map()));
      const k = path.join(" ");
      const t = byPath.get(k) ?? tableOf(own, path);
      byPath.set(k, t);
      return t;
    };
    const tableOf = (program: SurfaceIndex, path: string[]) => {
      const { specs, decls } = program.flagsAt(path);
      const own = decls[decls.length - 1] ?? null;
      let allowed = specs;
      let closure: Closure = { closed: true };
      for (const d of decls) if (!d.flagSet.closed && closure.closed) closure = d.flagSet;
      if (own?.flagScope === "global" && own.reads) {
        // The flags its handler reads and the program's own (model/cli.ts `reads`).
        allowed = [
          ...specs,
          ...own.reads.map((f) => ({
            long: f.startsWith("--") ? f : null,
            short: f.startsWith("--") ? [] : [f],
            aliases: [],
            arity: "boolean" as const,
            negatable: false,
            inherited: false,
            span: null,
          })),
        ];
      } else if (!own || own.flagScope === "global") {
        allowed = [...specs, ...global];
        if (closure.closed) closure = program.surface.globalFlagSet;
      }
      const syntax = own?.syntax ?? { camelKebab: false, negateBooleans: false, dotted: false };
      return { table: new FlagTable(allowed, syntax), allowed, closure };
    };
    // The files declaring commands and flags (a flag accessor's names sit in the command modules).
    const code = new Set([...surface.commands.map((c) => c.span.file), ...surface.commands.flatMap((c) => c.options.map((o) => o.span?.file ?? c.span.file))]);
    const files = new Set(ctx.model.files);
    const historyAsk = ctx.model.history ? { files: [...code].sort(), gone: true as const } : undefined;
    // The commit that removed the flag's name from the code (`"--jsn"`, or `"jsn"` as a flag accessor names it), and the flag it became.
    const flagHistory = (name: string, table: FlagTable) => {
      if (!ctx.model.history || !name.startsWith("--")) return null;
      const inCode = (f: string) => code.has(f) || (!files.has(f) && !/\.(json|ya?ml|md|mdx)$/.test(f));
      const asFlag = (v: string) => (v.startsWith("-") ? v : `--${v}`);
      for (const written of [name, name.slice(2)]) {
        const gone = literalRemoval(
          ctx.model.history,
          written,
          inCode,
          (v) => /^-{0,2}[A-Za-z0-9][\w.-]*$/.test(v) && asFlag(v).startsWith("--") && accepted(asFlag(v), table),
        );
        if (gone && (gone.removal.kind === "removed" || gone.now !== null))
          return { written, removal: gone.removal, now: gone.now === null ? null : asFlag(gone.now) };
      }
      return null;
    };
    // Set per document: a record of the past (model/document-record.ts) names the flags of its time.
    let record: string | null = null;
    // Several commands a paragraph names: the union of their tables, closed only when each is.
    const unionAt = (binary: string, paths: string[][]) => {
      const parts = paths.map((p) => tableAt(binary, p));
      const allowed = parts.flatMap((p) => p.allowed);
      const closure = parts.find((p) => !p.closure.closed)?.closure ?? { closed: true };
      const syntax = { camelKebab: false, negateBooleans: false, dotted: false };
      for (const p of paths) {
        const own = index.for(binary).flagsAt(p).decls.at(-1)?.syntax;
        if (own) for (const k of ["camelKebab", "negateBooleans", "dotted"] as const) syntax[k] ||= own[k];
      }
      return { table: new FlagTable(allowed, syntax), allowed, closure };
    };
    // A help listing's option names: there `-css` names an option, it is not `-c` with a value or a cluster.
    const named = new WeakSet<InvocationToken>();
    /** `unknownReason`: a flag the table does not accept is counted with it, not reported (its owner is not known). */
    const judge = (t: InvocationToken, binary: string, path: string[] | string[][] | null, judged: boolean, unknownReason?: string) => {
      const notRead = unread.get(binary);
      if (notRead !== undefined) {
        ctx.notJudged(t.span, `the CLI of \`${binary}\` was not read (${notRead})`, { kind: "flags" });
        return;
      }
      // `--no-` is how prose names a prefix ("negated by prefixing them with `--no-`"), never a flag itself.
      if (/^--?[\w-]*-$/.test(t.flag ?? t.text)) {
        ctx.notJudged(t.span, `a flag prefix (\`${t.flag ?? t.text}\`), not a flag`, { kind: "flags" });
        return;
      }
      const several = path !== null && Array.isArray(path[0]);
      const at = path === null ? binaryAt(binary) : several ? unionAt(binary, path as string[][]) : tableAt(binary, path as string[]);
      const { table, allowed } = at;
      let closure = at.closure;
      if (!judged && closure.closed) closure = { closed: false, reason: "the command itself was not judged", span: null };
      const name = t.flag ?? t.text;
      if (accepted(name, table, named.has(t) || NAMES_LIST.test(t.text))) {
        ctx.judged(t.span, "flags");
        return;
      }
      // A record of the past (model/document-record.ts) names the flags of its time: one the code still accepts is fine
      // either way (judged above); any other may have existed then.
      if (record !== null) {
        ctx.notJudged(t.span, `the document is a record (${record}): its flags are its time's`, { kind: "flags" });
        return;
      }
      if (unknownReason !== undefined) {
        ctx.notJudged(t.span, unknownReason, { kind: "flags" });
        return;
      }
      if (!closure.closed) {
        ctx.notJudged(t.span, `open flag set: ${closure.reason}`, { kind: "flags" });
        return;
      }
      ctx.judged(t.span, "flags");
      const longs = allowed.flatMap((f) => [...(f.long ? [f.long] : []), ...f.aliases]);
      // Short flags are one letter: any other letter is "close", so only long flags get a suggestion.
      const evidence = flagHistory(name, table);
      const suggestion = evidence?.now ?? (name.startsWith("--") ? closest(name, [...new Set(longs)].sort(), 0.34) : null);
      // Only the rename git recorded is applied by `build --fix`; a spelling suggestion is a guess.
      const fix = evidence?.now
        ? replaceInSpan(
            ctx.model.texts.get(t.span.file),
            t.span,
            name,
            evidence.now,
            `rename \`${name}\` to \`${evidence.now}\` (renamed in ${evidence.removal.commit})`,
          )
        : null;
      ctx.report({
        span: t.span,
        ...(several
          ? { messageId: "unknownFlagOfSeveral", data: { flag: name, commands: (path as string[][]).map((p) => `\`${[binary, ...p].join(" ")}\``).join(", ") } }
          : { messageId: "unknownFlag", data: { flag: name, command: [binary, ...((path as string[] | null) ?? [])].join(" ") } }),
        ...(evidence ? { evidence: `\`${evidence.written}\` ${contentRemovalText(evidence.removal, (v) => `\`${v}\``, evidence.removal.file)}` } : {}),
        ...(historyAsk ? { historyAsk } : {}),
        ...(suggestion ? { suggestions: [suggestion] } : {}),
        ...(fix ? { fix } : {}),
      });
    };
    // The binary's whole flag set: every command's own flags and the global set, closed only when every part is.
    const binaryTables = new Map<SurfaceIndex, { table: FlagTable; allowed: FlagSpec[]; closure: Closure }>();
    const binaryAt = (binary: string) => {
      const program = index.for(binary);
      const { commandSet, globalFlagSet } = program.surface;
      const known = binaryTables.get(program);
      if (known) return known;
      const usesGlobal = program.commands.some((d) => d.flagScope === "global") || !program.decl([]);
      // The global set (every `--name` literal in the code, tests included) counts only where a command reads it.
      const allowed = [...program.commands.flatMap((d) => d.options), ...(usesGlobal ? global : [])];
      let closure: Closure = commandSet.closed ? { closed: true } : { closed: false, reason: `not every command is known (${commandSet.reason})`, span: null };
      for (const d of program.commands) {
        if (!closure.closed) break;
        if (!d.flagSet.closed) closure = d.flagSet;
        else if (!d.commandSet.closed) closure = { closed: false, reason: `not every sub-command of \`${d.path.join(" ")}\` is known`, span: null };
      }
      if (closure.closed && usesGlobal && !globalFlagSet.closed) closure = globalFlagSet;
      const syntax = {
        camelKebab: program.commands.some((d) => d.syntax.camelKebab),
        negateBooleans: program.commands.some((d) => d.syntax.negateBooleans),
        dotted: program.commands.some((d) => d.syntax.dotted),
      };
      const t = { table: new FlagTable(allowed, syntax), allowed, closure };
      binaryTables.set(program, t);
      return t;
    };
    // The arguments the page's slash commands take (their usage synopses there, their declarations), each to one command.
    const names = ctx.model.skills ? entryNames(ctx.model.skills, "any") : new Map<string, SkillEntry>();
    const slashArguments = (mentions: readonly SlashMention[]) => {
      const out = new Map<string, string>();
      for (const m of mentions) {
        const entry = names.get(m.name);
        const declared = entry ? (declaredArguments(entry)?.args ?? []) : [];
        for (const a of [...(m.synopsis ? m.args : []), ...declared]) if (!out.has(a.flag)) out.set(a.flag, m.name);
      }
      return out;
    };
    /**
     * A flag only its section or page ties to the CLI, on a page giving flags to slash commands: one of their arguments is
     * theirs (judged: a command on the page takes it); in a scope that shows such a command, any other is nobody's; elsewhere
     * on the page, one the CLI does not accept may be an argument no declaration lists.
     */
    const judgeTie = (t: InvocationToken, tie: FlagTie, slash?: PageSlash) => {
      // One of their arguments, unless written in the sentence invoking the CLI (there it is passed to the CLI): a flag tied
      // by its section or page sits in no such sentence; one tied by its paragraph may ("Filter by `--topics` when present.").
      if (tie.to !== "none" && slash?.args.has(t.flag ?? t.text) && !slash.passedToCli(t.span)) {
        ctx.judged(t.span, "flags");
        return;
      }
      if ((tie.to === "command" || tie.to === "binary") && tie.by && slash) {
        if (tie.slash !== undefined) {
          ctx.notJudged(t.span, `a flag whose ${tie.by} passes flags to a slash command too (\`${tie.slash}\`)`, { kind: "flags" });
          return;
        }
        const path = tie.to === "command" ? tie.path : null;
        judge(
          t,
          tie.binary,
          path,
          true,
          tie.unknownReason ??
            `a flag the CLI does not accept, on a page passing flags to \`${slash.first}\`: it may be an argument no declaration of it lists`,
        );
        return;
      }
      if (tie.to === "command") judge(t, tie.binary, tie.path, true, tie.unknownReason);
      else if (tie.to === "commands") judge(t, tie.binary, tie.paths, true, tie.unknownReason);
      else if (tie.to === "binary") judge(t, tie.binary, null, true, tie.unknownReason);
      else ctx.notJudged(t.span, tie.reason, { kind: "flags" });
    };
    // Binaries whose `bin` (any workspace's package.json) runs one file, or shims importing one module, are one program
    // (`aw` and `agent-workflow`; `knip` and `knip-bun`). A name two packages declare stays its own.
    const bin = ctx.model.config.packageJson?.bin ?? {};
    const programs = new Map<string, string | null>();
    for (const b of ctx.model.packages?.bins ?? []) programs.set(b.name, programs.has(b.name) ? null : b.program);
    // The packages and bin files of the CLI's binaries: `npx @scope/cli --x` and `node ./bin/cli.js --x` run the CLI.
    const ownRuns = (ctx.model.packages?.bins ?? [])
      .filter((b) => ctx.model.binaries.includes(b.name))
      .flatMap((b) => [b.file, ...(b.package ? [b.package] : [])]);
    // Binaries whose entries reach the same files the commands were read from (tsup and tsup-node, both reaching
    // cli-main.ts) judge a flag against the same declarations: one program for a page invoking both.
    const commandFiles = new Set(ctx.model.surface.commands.map((c) => c.span.file));
    const reads = new Map(
      (ctx.model.binClosures ?? []).map((c) => [
        c.binary,
        c.files
          .filter((f) => commandFiles.has(f))
          .sort()
          .join("\u0000"),
      ]),
    );
    const programOf = (b: string) => {
      const r = reads.get(b);
      if (r) return `reads:${r}`;
      const p = programs.get(b);
      if (p) return `file:${p}`;
      return bin[b] !== undefined ? `file:${bin[b].replace(/\\/g, "/").replace(/^\.\//, "")}` : b;
    };
    for (const doc of ctx.model.docs) {
      record = recordOf(doc, ctx.model.texts.get(doc.file));
      for (const inv of doc.invocations) {
        // Its mentions are counted by cli/unread.
        if (unread.has(inv.binary)) continue;
        const m = index.match(inv);
        if (m.flags.length === 0) continue;
        if (m.unknown) {
          // A command git shows renamed: its flags are judged against the command it became.
          const now = commandEvidence(ctx.model, m)?.now;
          const renamed = now ? matchRenamed(index, inv, m, now) : null;
          if (renamed) for (const t of renamed.flags) judge(t, inv.binary, renamed.path, true);
          else for (const t of m.flags) ctx.notJudged(t.span, "the command is unknown (cli/unknown-command)", { kind: "flags" });
          continue;
        }
        for (const t of m.flags) judge(t, inv.binary, m.path, !m.notJudged);
      }
      if (doc.invocations.length === 0 && !doc.codeBlocks.length) continue;
      // Bare `--flag`s of option lists and tables, where the section ties them to one command; the others by their block.
      // In a skill's or slash command's own file, a flag that the entry declares is the entry's argument, not the CLI's (skill/unknown-argument judges it).
      const entry = ctx.model.skills?.entries.find((e) => e.file === doc.file) ?? null;
      const ownArgs = new Set((entry ? declaredArguments(entry)?.args : undefined)?.map((a) => a.flag) ?? []);
      // Unless the sentence that holds it invokes the CLI (`` `aw sessions` applying `--since`/`--period`. ``): it is passed to the CLI there.
      let lines: string[] | null = null;
      const passedToCli = (at: Span) => {
        lines ??= (ctx.model.texts.get(doc.file) ?? "").split("\n");
        return doc.invocations.some((i) => i.source === "inline" && sameSentence(lines!, i.span, at));
      };
      const own = (t: InvocationToken, code?: InlineCode) => {
        if (!ownArgs.has(t.flag ?? t.text)) return false;
        if (code && passedToCli(code.span)) return false;
        ctx.notJudged(t.span, `an argument \`${entry!.name}\` declares (skill/unknown-argument judges it)`, { kind: "flags" });
        return true;
      };
      // A bare flag on a page about one skill or slash command (skill/page-tie.ts) is that entry's argument.
      const bundle = ctx.model.skills;
      // So is one written after an entry's name in its sentence (`` `manuals` with `--topics a` ``).
      const entryTied = new Map<string, string>();
      const passed = bundle && doc.invocations.length > 0 ? proseEntryArguments(doc, bundle) : new Map<string, string>();
      if (bundle && doc.invocations.length > 0)
        for (const f of pageFlags(doc, bundle)) {
          const tie = pageTie(f, doc, bundle, ctx.model.binaries);
          if (tie?.to === "entry") entryTied.set(`${f.span.line}:${f.span.column}`, tie.entry.name);
        }
      const pageEntry = (t: InvocationToken, code?: InlineCode) => {
        const at = `${t.span.line}:${t.span.column}`;
        const name = entryTied.get(at);
        const to = code ? passed.get(`${code.span.line}:${code.span.column}`) : undefined;
        if (name !== undefined)
          ctx.notJudged(t.span, `an argument of \`${name}\`, the one entry the page is about (skill/unknown-argument judges it)`, { kind: "flags" });
        else if (to !== undefined) ctx.notJudged(t.span, `an argument passed to \`${to}\` (skill/unknown-argument judges it)`, { kind: "flags" });
        return name !== undefined || to !== undefined;
      };
      // Slash commands the page gives flags or shows by their usage: their flags are not the CLI's (flag-context.ts).
      const slashCommands = (bundle?.slashMentions ?? []).filter((m) => m.file === doc.file && m.form !== "prose" && (m.args.length > 0 || m.synopsis));
      const tc = { binaries: ctx.model.binaries, programOf, ownRuns, slashCommands };
      const slashArgs: PageSlash | undefined =
        slashCommands.length > 0 ? { args: slashArguments(slashCommands), first: slashCommands[0].name, passedToCli } : undefined;
      const bare = tiedBareFlags(doc, index);
      for (const b of bare.tied) if (!own(b.token)) judge(b.token, b.binary, b.path, true);
      const none = () => null;
      if (doc.invocations.length > 0)
        for (const u of bare.untied)
          if (!own(u.token, u.code) && !pageEntry(u.token, u.code)) judgeTie(u.token, blockTie(u.code, doc, index, none, tc), slashArgs);
      // Flags in running prose: the block, else the section; help listings: the synopsis's command.
      const sectionOf = sectionTies(doc, index);
      const prose = doc.invocations.length > 0 ? proseFlagCodes(doc) : [];
      for (const p of prose)
        if (!own(p.token, p.code) && !pageEntry(p.token, p.code))
          judgeTie(
            p.token,
            blockTie(p.code, doc, index, () => sectionOf(p.code.span), tc),
            slashArgs,
          );
      for (const m of docMentions(doc, ctx.model.binaries)) {
        if (m.source !== "help") continue;
        const flag = m.flag ?? "";
        const token: InvocationToken = { kind: "flag", text: flag, flag, span: m.span };
        named.add(token);
        judgeTie(token, synopsisTie(m.binary, m.words ?? [], index));
      }
    }
  },
});

/** The slash commands a page gives flags to or shows the usage of: the arguments they take, each to one of them. */
interface PageSlash {
  args: ReadonlyMap<string, string>;
  /** The first of them, named in reasons. */
  first: string;
  /** Whether a place sits in the sentence of an inline invocation of the CLI (there a flag is passed to the CLI). */
  passedToCli: (at: Span) => boolean;
}

/** A code listing one option's names with commas (`-css, --css <files...>`): each is a name, as in a help listing. */
const NAMES_LIST = /^-{1,2}[A-Za-z][\w.-]*(?:[ =][^,]*)?,\s*-{1,2}[A-Za-z]/;

/**
 * Whether the table accepts the flag as written in an invocation: by name, or as a short flag with its number attached
 * or a cluster of short flags. Where the docs name an option (`asName`), only by name: `-css` there claims an option
 * named so, not `-c ss`.
 */
function accepted(name: string, table: FlagTable, asName = false): boolean {
  if (ALWAYS_ALLOWED_FLAGS.includes(name) || table.resolve(name)) return true;
  if (asName) return false;
  // A short flag with its number attached (`-c10`, `-c-1`, `-t0`), as minimist and most parsers read it.
  if (/^-[A-Za-z]-?\d+$/.test(name) && table.resolve(name.slice(0, 2))) return true;
  if (/^-[A-Za-z]{2,}$/.test(name)) return [...name.slice(1)].every((c) => ALWAYS_ALLOWED_FLAGS.includes(`-${c}`) || table.resolve(`-${c}`) !== null);
  return false;
}

/** Whether two single-line places sit on one line with no sentence end (`.`, `;`, `:`, `!`, `?` before a space) between them. */
function sameSentence(lines: readonly string[], a: Span, b: Span): boolean {
  if (a.line !== b.line || a.endLine !== a.line || b.endLine !== b.line) return false;
  const [first, second] = a.column <= b.column ? [a, b] : [b, a];
  const between = (lines[a.line - 1] ?? "").slice(first.endColumn - 1, second.column - 1);
  return !/[.;:!?](\s|$)/.test(between);
}
