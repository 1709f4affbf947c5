/**
 * What a flag written outside an invocation belongs to, decided by its
 * context and never guessed: a `--flag` in running prose, an option list or
 * table entry that its section does not tie to one command, an option line of
 * a help-output listing.
 *
 * - A help listing's option line belongs to the command its synopsis names
 *   (`Usage: tool build [options]`), when every word of the synopsis names a
 *   known sub-command (else it is not judged: the word may be an argument).
 * - A flag in a block (its paragraph, list entry's paragraph or table cell),
 *   or under a heading, that names another tool — a word or code naming a program this document
 *   runs in its shell fences, or a common runtime / package manager (`git`,
 *   `npm`, `node`, …), or that speaks of installing — is nobody's here.
 * - Else, a block that invokes exactly one command (`` `tool build` accepts
 *   `--watch` ``) and names no other command ties the flag to that command;
 *   one that invokes several, or names others as codes of their own
 *   (`` `tool a` / `b` applying `--x` ``), ties it to those commands, and one
 *   that names another command as a plain word ties it to the binary; a block that names the binary
 *   (as a word or a code) but no one command ties it to the binary: the flag
 *   must then be one some command of the binary accepts.
 * - Else the section's heading ties it, as for option lists (bare-flags.ts).
 */
import { initializerPackage } from "../../model/packages.js";
import type { Span } from "../../model/diagnostic.js";
import type { InlineCode, Invocation, MarkdownDoc } from "../../model/types.js";
import { weakMemo } from "../../util/memo.js";
import { parentOf } from "./bare-flags.js";
import type { SurfaceIndex } from "./command-match.js";

/**
 * Tied by its section or page (`by`) alone (scopeTie), not by its own paragraph: on a page that gives flags to slash commands,
 * a flag the CLI does not accept may be theirs. `slash`: one such command shown in the very scope that tied it.
 */
export interface ScopeMark {
  by?: "section" | "page";
  slash?: string;
  /** A page about upgrading or changes names old flags too: one the CLI does not accept is counted with this reason, not reported. */
  unknownReason?: string;
}

export type FlagTie =
  | ({ to: "command"; binary: string; path: string[] } & ScopeMark)
  /** Several commands the paragraph names: one of them must accept the flag. */
  | { to: "commands"; binary: string; paths: string[][]; unknownReason?: string }
  | ({ to: "binary"; binary: string } & ScopeMark)
  | { to: "none"; reason: string };

/** Programs so common in docs that a flag beside their name is theirs, whatever the project runs. */
const COMMON_TOOLS = ["node", "nodejs", "npm", "npx", "yarn", "pnpm", "pnpx", "bun", "bunx", "deno", "git", "docker"];
/** Words that put a flag in a package manager's mouth (`install it with `--save-dev``). */
const INSTALL_WORDS = new Set(["install", "installs", "installed", "installing", "installation", "uninstall"]);
const NO_NAMES: ReadonlySet<string> = new Set();
const SHELL_LANGS = /^(sh|bash|shell|console|zsh|shell-session|shellsession)$/i;

/** The words of a text, lower case, split at anything but letters, digits, `@`, `_` and `-` (so `Node.js` gives `node`). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9@_-]+/)
    .filter(Boolean);
}

/** Shell words that run nothing themselves: the command after them is the program (`if tool --x; then`). */
const SHELL_KEYWORDS = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "for",
  "do",
  "done",
  "while",
  "until",
  "case",
  "esac",
  "function",
  "select",
  "time",
  "!",
  "{",
  "}",
  "(",
  ")",
  "((",
  "))",
  "[[",
  "]]",
  "in",
  "exec",
  "command",
]);
/** A stack-trace frame or similar output line (`at Foo (file.js:1:2)`): it invokes nothing. */
const FRAME_LINE = /^\s*at\s+(\S+\s+)?\(?\S*:\d+(:\d+)?\)?\s*$/;

/** The words of one command of a shell line, from its program on: assignments, `sudo` and shell keywords skipped; none for a stack frame. */
export function commandWords(part: string): string[] {
  if (FRAME_LINE.test(part)) return [];
  const ws = part.trim().split(/\s+/).filter(Boolean);
  let i = 0;
  while (i < ws.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(ws[i]) || ws[i] === "sudo" || SHELL_KEYWORDS.has(ws[i]))) i++;
  return ws.slice(i);
}

const SHELLS = new Set(["sh", "bash", "zsh", "dash"]);

/** The command string a shell is given with `-c` (`sh -c "tool --x"` → `tool --x`), or null when the part runs no shell that way. */
export function shellCommand(part: string): string | null {
  const ws = commandWords(part);
  if (ws.length < 3 || !SHELLS.has(ws[0]) || ws[1] !== "-c") return null;
  const rest = part.slice(part.search(/(^|\s)-c\s/)).replace(/^\s*-c\s+/, "");
  const m = /^(['"])(.*?)\1/.exec(rest);
  return m ? m[2] : (rest.split(/\s+/)[0] ?? "");
}

/** The commands of a shell line (split at `&&`, `||`, `|`, `;` outside quotes, up to a comment), `sh -c "…"` read as the commands it runs. */
export function commandParts(line: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let cur = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
      // A comment runs to the end of the line (`tool check   # green; a new one fails`).
    } else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]))) break;
    else if (c === "'" || c === '"') quote = c;
    else if (c === ";" || c === "|" || (c === "&" && line[i + 1] === "&")) {
      parts.push(cur);
      cur = "";
      if ((c === "|" && line[i + 1] === "|") || c === "&") i++;
      continue;
    }
    cur += c;
  }
  parts.push(cur);
  return parts.flatMap((part) => {
    const inner = shellCommand(part);
    return inner === null ? [part] : commandParts(inner);
  });
}

/**
 * The programs a document names besides the CLI's binaries: those its shell fences and inline commands run
 * (programsRun: comments, continued lines, output lines and shell utilities are not programs), and the common ones.
 * `ownCommands` are the CLI's command names: a line starting with one runs the CLI written without its binary.
 */
const othersByDoc = weakMemo<MarkdownDoc, { key: string; names: ReadonlySet<string>; set: Set<string> }>("rules/cli/flag-context#othersByDoc");
export function otherTools(doc: MarkdownDoc, binaries: readonly string[], ownCommands: ReadonlySet<string> = NO_NAMES): Set<string> {
  const key = binaries.join("\u0000");
  const memo = othersByDoc.get(doc);
  // The names set is commandNames' memo: the same object for the same CLI.
  if (memo && memo.key === key && memo.names === ownCommands) return memo.set;
  const own = new Set(binaries.map((b) => b.toLowerCase()));
  const set = new Set(COMMON_TOOLS.filter((t) => !own.has(t)));
  for (const r of programsRun(doc, binaries, [], ownCommands)) set.add(r.word);
  othersByDoc.set(doc, { key, names: ownCommands, set });
  return set;
}

/** The CLI's command names, lower case (every word of every command path): a bare `session-create --x` runs the CLI. */
const namesByIndex = weakMemo<SurfaceIndex, Set<string>>("rules/cli/flag-context#namesByIndex");
export function commandNames(index: SurfaceIndex): Set<string> {
  let names = namesByIndex.get(index);
  if (!names) {
    names = new Set(index.commands.flatMap((d) => d.path.map((w) => w.toLowerCase())));
    namesByIndex.set(index, names);
  }
  return names;
}

/** The other tool (or installing) a block's text speaks of, or null; `ownWord` keeps an install word naming the CLI's own command. */
function otherNamed(text: string, others: ReadonlySet<string>, ownWord: (w: string) => boolean): string | null {
  for (const w of words(text)) if (others.has(w) || (INSTALL_WORDS.has(w) && !ownWord(w))) return w;
  return null;
}

/**
 * Whether an install word speaks of the CLI's own `install` (or `uninstall`) command: the place's section or the own
 * text of a section holding it (the page, without headings) invokes it ("Install it into your host with `--target`"
 * over `aw self install --target claude`).
 */
function ownInstallWord(w: string, at: Span, doc: MarkdownDoc, index: SurfaceIndex): boolean {
  const command = w.startsWith("un") ? "uninstall" : "install";
  const { chain } = nearestScope(at, doc);
  return doc.invocations.some((i) => (chain.length === 0 || chain.some(([f, t]) => within(i.span, f, t))) && index.match(i).path.includes(command));
}

/**
 * The other tool a flag's block names, or the install word that puts the flag in a package manager's mouth: one before
 * it in its sentence (`install it with --save-dev`), not one elsewhere in the paragraph ("… unless `--cwd` is used" after
 * "Install lint-staged on the root"; "`--reporter x` after it has been installed").
 */
function blockOther(
  code: InlineCode,
  block: { span: Span; text: string },
  doc: MarkdownDoc,
  others: ReadonlySet<string>,
  ownWord: (w: string) => boolean,
): string | null {
  for (const w of words(block.text)) if (others.has(w)) return w;
  const at = sentenceOf(code, block, doc);
  if (at === null) return otherNamed(block.text, NO_NAMES, ownWord);
  return words(at.before).find((w) => INSTALL_WORDS.has(w) && !ownWord(w)) ?? null;
}

/** The sentence of the block a code sits in: the text before the code in it, and the whole sentence; null when the code is not found in the block's text. */
function sentenceOf(code: InlineCode, block: { span: Span; text: string }, doc: MarkdownDoc): { before: string; sentence: string } | null {
  // Where the code's value sits in the block's text: its nth occurrence, n its rank among the block's codes written so.
  const same = doc.inlineCodes.filter((c) => c.value === code.value && inside(c.span, block.span));
  let at = -1;
  for (let n = same.indexOf(code); n >= 0; n--) at = block.text.indexOf(code.value, at + 1);
  if (at === -1) return null;
  const head = block.text.slice(0, at);
  const start = Math.max(-1, ...[...head.matchAll(/[.!?;](?=\s)/g)].map((m) => m.index ?? -1)) + 1;
  const rest = block.text.slice(at + code.value.length);
  const end = rest.search(/[.!?;](?=\s|$)/);
  return { before: head.slice(start), sentence: block.text.slice(start, end === -1 ? undefined : at + code.value.length + end) };
}

/**
 * Positive evidence that a flag is the CLI's, against a paragraph or heading naming another tool: its sentence names one
 * of the binaries ("Mocha supports `--require`"), or it links to a page of these docs (`` [`--extension`](/running/cli#--extension) ``)
 * on a page invoking one program. The binary, or null.
 */
function ownEvidence(code: InlineCode, block: { span: Span; text: string }, doc: MarkdownDoc, tc: TieContext): string | null {
  const said = new Set(words(sentenceOf(code, block, doc)?.sentence ?? ""));
  const named = tc.binaries.find((b) => said.has(b.toLowerCase()));
  if (named !== undefined) return named;
  const internal = doc.links.some((l) => l.kind === "link" && !/^[a-z][a-z0-9+.-]*:/i.test(l.url) && inside(code.span, l.span));
  if (!internal) return null;
  const programOf = tc.programOf ?? ((b: string) => b);
  const runs = [...new Set(doc.invocations.map((i) => programOf(i.binary)))];
  if (runs.length === 1) return doc.invocations[0]!.binary;
  return tc.binaries.length === 1 ? tc.binaries[0]! : null;
}

/** What the CLI side knows beside the document when it ties a flag. */
export interface TieContext {
  binaries: readonly string[];
  /** Binaries whose package.json `bin` names one file are one program. */
  programOf?: (binary: string) => string;
  /** The packages and bin files of the CLI's binaries (`npx @scope/cli`, `node ./bin/cli.js` run the CLI). */
  ownRuns?: readonly string[];
  /** The slash commands the document passes flags to or writes a usage synopsis of (`/w:x [--a]`): they take flags too. */
  slashCommands?: readonly { name: string; span: Span }[];
}

/** What a flag-like inline code's block ties it to (`section` gives the section's tie when the block names nothing). */
export function blockTie(
  code: InlineCode,
  doc: MarkdownDoc,
  index: SurfaceIndex,
  section: () => { binary: string; path: string[] } | null,
  tc: TieContext,
): FlagTie {
  const block = code.block;
  if (!block) return { to: "none", reason: "a flag whose paragraph is not known" };
  // "`--preset` was removed", "renamed to `--y`": the paragraph names flags of another version too. Tied as it would
  // be, a flag the CLI accepts is judged; any other is counted with this reason.
  if (saysGone(block.text)) {
    const gone = "a flag whose paragraph says it was removed, renamed or deprecated";
    return weakened(blockTieOf(code, block, doc, index, section, tc), gone);
  }
  return blockTieOf(code, block, doc, index, section, tc);
}

/** A tie in doubt: a flag the CLI accepts is judged, any other counted with `reason`; not judged, with `reason`, when nothing ties it. */
function weakened(tie: FlagTie, reason: string): FlagTie {
  if (tie.to === "none") return { to: "none", reason };
  // The doubt said here is the nearer one (the flag's paragraph before its page).
  return { ...tie, unknownReason: reason };
}

function blockTieOf(
  code: InlineCode,
  block: { span: Span; text: string },
  doc: MarkdownDoc,
  index: SurfaceIndex,
  section: () => { binary: string; path: string[] } | null,
  tc: TieContext,
): FlagTie {
  const { binaries } = tc;
  const programOf = tc.programOf ?? ((b: string) => b);
  const ownCommands = commandNames(index);
  const others = otherTools(doc, binaries, ownCommands);
  const ownWord = (w: string) => ownInstallWord(w, code.span, doc, index);
  const other = blockOther(code, block, doc, others, ownWord);
  // Against the other tool, evidence for the CLI ties it weakly: a flag the CLI accepts is judged, any other counted.
  const evidence = () => ownEvidence(code, block, doc, tc);
  const doubted = (reason: string): FlagTie => {
    const binary = evidence();
    return binary === null ? { to: "none", reason } : weakened(binaryTie(binary, index), reason);
  };
  if (other !== null) return doubted(`a flag whose paragraph names another tool (\`${other}\`)`);
  // `` [`--max-http-header-size`](https://nodejs.org/api/cli.html#…) ``: documented on another page, another program's flag.
  const linked = doc.links.find((l) => l.kind === "link" && /^https?:\/\//i.test(l.url) && inside(code.span, l.span));
  if (linked) return { to: "none", reason: `a flag linked to an external page (${linked.url.replace(/^https?:\/\/([^/#?]+).*$/i, "$1")})` };
  const foreign = listedWithForeignWord(code.value, block.text, index, binaries, blockCodes(doc, block.span));
  if (foreign !== null) return { to: "none", reason: `a flag listed with \`${foreign}\`, a word no command of the CLI is (another tool's operations)` };
  // The heading over it is context too (`## Safe git`).
  const heading = headingOver(doc, code.span);
  const headingOther = heading === null ? null : otherNamed(heading, others, ownWord);
  if (headingOther !== null) return doubted(`a flag whose section heading names another tool (\`${headingOther}\`)`);
  // A code in the block that runs another program with flags (`` `git push --force` ``, `` `aw x --y` `` in docs about another CLI).
  const own = new Set(binaries.map((b) => b.toLowerCase()));
  for (const c of doc.inlineCodes) {
    if (!inside(c.span, block.span)) continue;
    const m = /^([a-z][\w.-]*)\s+\S.*\s-{1,2}[A-Za-z]/i.exec(c.value);
    if (m && !own.has(m[1].toLowerCase())) return { to: "none", reason: `a flag whose paragraph runs another tool (\`${c.value}\`)` };
  }
  const invs = doc.invocations.filter((i) => i.source === "inline" && inside(i.span, block.span));
  const named = new Set(words(block.text));
  if (invs.length > 0) {
    let one: { binary: string; path: string[] } | null = null;
    let several = false;
    let unjudged = false;
    for (const inv of invs) {
      const m = index.match(inv);
      if (m.unknown || m.notJudged) unjudged = true;
      if (one && (one.binary !== inv.binary || one.path.join(" ") !== m.path.join(" "))) several = true;
      one ??= { binary: inv.binary, path: m.path };
    }
    const sameBinary = invs.every((i: Invocation) => programOf(i.binary) === programOf(invs[0].binary));
    if (!sameBinary)
      return { to: "none", reason: unjudged ? "a flag beside an invocation that is not judged" : "a flag whose paragraph invokes more than one binary" };
    // Beside an invocation not judged (an unknown command, an open list), which command the flag is for is not known: the
    // binary's, where one the CLI accepts is judged and any other counted.
    if (unjudged) return weakened(binaryTie(invs[0].binary, index), "a flag beside an invocation that is not judged");
    // One command named with arguments (`tool build`): its flag. Commands named only in code besides the invocations
    // (`` `tool a` / `b` applying `--x`/`--y` ``): one of theirs. The binary alone, or another command named as a plain
    // word ("`tool a …`; the b command gains `--x`", where a word may be English): the binary's.
    const paths = invs.map((i) => index.match(i).path);
    const program = index.for(invs[0].binary);
    const coded = codedCommands(doc, block.span, program);
    for (const c of coded) if (!paths.some((p) => p.length === 1 && p[0] === c)) paths.push([c]);
    const tops = new Set(paths.map((p) => p[0]));
    const namesAnother = program.commands.some(
      (d) => d.path.length === 1 && !tops.has(d.path[0]) && d.path[0].length > 3 && named.has(d.path[0].toLowerCase()),
    );
    const binaryAlone = paths.some((p) => p.length === 0) && program.hasSubcommands();
    if (!namesAnother && !binaryAlone && one) {
      if (!several && coded.length === 0) return { to: "command", binary: one.binary, path: one.path };
      const distinct = [...new Map(paths.map((p) => [p.join(" "), p])).values()];
      if (distinct.length === 1) return { to: "command", binary: one.binary, path: distinct[0] };
      return { to: "commands", binary: one.binary, paths: distinct };
    }
    return { to: "binary", binary: invs[0].binary };
  }
  const binary = binaries.find((b) => named.has(b.toLowerCase()));
  if (binary) {
    const mark: ScopeMark = versionPage(doc) ? { unknownReason: "a flag beside the binary's name on a page about upgrading or changes" } : {};
    if (!index.for(binary).hasSubcommands()) return { to: "command", binary, path: [], ...mark };
    return { to: "binary", binary, ...mark };
  }
  const s = section();
  if (s) return { to: "command", ...s };
  // Only what a CLI writes as a flag: `-x`, `-rf` or `--name`, not `-moz-initial`; and not on a page whose CSS writes dashed
  // idents (`--foo` is a custom property, function or unit there). A CLI's reference showing a plain stylesheet is the CLI's page.
  if (/^-[A-Za-z][\w.]*-/.test(code.value))
    return { to: "none", reason: "a dash word no CLI flag is written as (`-moz-initial`), its paragraph and section naming no binary" };
  if (doc.codeBlocks.some((b) => b.lang !== null && STYLE_LANGS.test(b.lang) && CUSTOM_PROPERTY.test(b.value))) {
    // A flag the page's CLI accepts is its flag (a release post showing CSS it formats names `--cache`); any other may be a custom property.
    const css = "a flag-like code on a page showing CSS (a custom property is written `--x`), its paragraph and section naming no binary";
    return weakened(scopeTie(code.span, doc, index, tc), css);
  }
  return scopeTie(code.span, doc, index, tc);
}

/** The values of the inline codes inside a block. */
export function blockCodes(doc: MarkdownDoc, span: Span): Set<string> {
  return new Set(doc.inlineCodes.filter((c) => inside(c.span, span)).map((c) => c.value.trim()));
}

/** The top-level commands a block names as a code of their own (`` `release-data` ``), in order, once each. */
function codedCommands(doc: MarkdownDoc, span: Span, index: SurfaceIndex): string[] {
  const tops = new Set(index.commands.filter((d) => d.path.length === 1).map((d) => d.path[0]));
  const out: string[] = [];
  for (const c of doc.inlineCodes) if (inside(c.span, span) && tops.has(c.value) && !out.includes(c.value)) out.push(c.value);
  return out;
}

/**
 * `no \`push\`/\`--amend\`/\`--no-verify\``, "never commit, merge, push, `--amend`, or `--no-verify`": members joined by `/`
 * are one list of one kind, and so are three or more one-word members joined by commas (a last `or`/`and`) that run to
 * the clause's end; a plain word among a `/`-list, or two plain words (not codes of the block: `` `dir`, `pattern`,
 * `--ignore` `` are arguments) among a comma list, that no command of the CLI (nor a binary) is make the list another
 * tool's, so its flags are nobody's here. The word, or null.
 */
export function listedWithForeignWord(
  flag: string,
  text: string,
  index: SurfaceIndex,
  binaries: readonly string[],
  codes: ReadonlySet<string> = new Set(),
): string | null {
  return listForeignWord(flag, text, new Set([...binaries, ...index.commands.flatMap((d) => d.path)].map((w) => w.toLowerCase())), codes);
}

const SLASH_LIST = /[^\s(),;]+(?:\/[^\s(),;]+)+/g;
/** One-word members joined by commas (`a, b, or c`; the first member is the word before the first comma), ending where the clause does. */
const COMMA_LIST = /[^\s(),;]+(?:(?:,\s+(?:(?:or|and|nor)\s+)?|\s+(?:or|and|nor)\s+)[^\s(),;]+){2,}(?=[.;:!?)]?(?:\s+[—–-]\s|\s*$)|[;)]|[.:!?]\s)/g;
const SEPARATOR = /\/|,\s+(?:(?:or|and|nor)\s+)?|\s+(?:or|and|nor)\s+/;

/** The plain word of a list holding `flag` (see listedWithForeignWord) that is not in `known` (lower case), nor in `codes`, or null. */
export function listForeignWord(flag: string, text: string, known: ReadonlySet<string>, codes: ReadonlySet<string> = new Set()): string | null {
  for (const [list, needed] of [
    [SLASH_LIST, 1],
    [COMMA_LIST, 2],
  ] as const)
    for (const m of text.matchAll(list)) {
      const members = m[0].split(SEPARATOR).map((w) => w.replace(/^[`'"*_]+|[`'".:!?*_]+$/g, ""));
      if (!members.includes(flag)) continue;
      const plain = members.filter((w) => /^[a-z][\w-]*$/.test(w) && !known.has(w.toLowerCase()) && (needed === 1 || !codes.has(w)));
      if (plain.length >= needed) return plain[0];
    }
  return null;
}

const STYLE_LANGS = /^(css|scss|sass|less|postcss|stylus|pcss)$/i;
/** A dashed ident in a stylesheet: a custom property (`--brand: red`, `var(--brand)`), function (`--foo(10px)`), media or unit. */
const CUSTOM_PROPERTY = /(?:^|[^\w-])--[A-Za-z_]/m;
/** Words that put a flag in another version's mouth. */
const GONE_WORDS = new Set(["removed", "renamed", "deprecated", "dropped", "obsolete", "longer", "replaced", "formerly", "previously", "legacy"]);
/** The same in Spanish ("se descarta", "eliminado", "renombrada", "ya no"): participles and past forms, not "elimina" (what a flag does). */
const GONE_ES =
  /(?:^|[^\p{L}])(?:descart\p{L}*|(?:elimin|renombr|reemplaz|deprec|retir|quit|removi)(?:ad[oa]s?|ó)|obsolet[oa]s?)(?![\p{L}])|(?:^|[^\p{L}])ya\s+no(?![\p{L}])/iu;

/** Whether a block says a flag was removed, renamed or deprecated (English words, Spanish stems). */
export function saysGone(text: string): boolean {
  return words(text).some((w) => GONE_WORDS.has(w)) || GONE_ES.test(text);
}
/** The texts of the heading over a place and of those whose sections hold it, innermost first. */
export function headingsOver(doc: MarkdownDoc, at: Span): string[] {
  const { headings, over } = nearestScope(at, doc);
  return over.map((a) => headings[a].text);
}

/** A page about moving between versions (its title or file name): its flags may be the old ones. */
const VERSION_PAGE = /\b(upgrad\w*|migrat\w*|changelog|changes|release[- ]notes|history)\b/i;

function versionPage(doc: MarkdownDoc): boolean {
  const title = `${doc.headings.find((x) => x.depth === 1)?.text ?? ""} ${/^title:\s*(.*)$/m.exec(doc.frontMatter ?? "")?.[1] ?? ""}`;
  return VERSION_PAGE.test(title) || VERSION_PAGE.test(doc.file.replace(/[-_/.]/g, " "));
}

/** Shell commands that run no program whose flags a doc would explain (`cd docs`, `mkdir -p out`). */
const SHELL_UTILITIES = new Set(["cd", "mkdir", "echo", "export", "ls", "cat", "touch", "rm", "cp", "mv", "pwd", "source", "set", "unset", "chmod", "sudo"]);
const RUNNER_WORDS = new Set(["npx", "pnpx", "bunx", "npm", "yarn", "pnpm", "bun", "deno"]);
/** A runner's words that only say how to run something (`yarn exec`, `deno x`): written alone, they name a prefix and run nothing. */
const RUNNER_VERBS = new Set(["exec", "x", "dlx", "run"]);
const INSTALL_LINE = /^(npm|yarn|pnpm|bun)\s+(i|install|add|ci)(\s|$)/;

/**
 * The programs other than the CLI's binaries a place runs: the first word of
 * each command line of its shell fences (prompt lines only where the fence
 * shows prompts; comments and continued lines skipped) and of each inline code
 * that is a command (a word after it). A package runner counts only when it
 * runs something else than an install or one of the binaries (`npm run build`),
 * not when it names a prefix alone (`yarn exec`, `deno x`); `npm create x` runs
 * `create-x`. Shell utilities
 * (`cd`, `mkdir`) and the CLI's own commands written without it do not count.
 */
const runsByDoc = weakMemo<MarkdownDoc, { key: string; names: ReadonlySet<string>; runs: { word: string; span: Span }[] }>("rules/cli/flag-context#runsByDoc");
export function programsRun(
  doc: MarkdownDoc,
  binaries: readonly string[],
  ownRuns: readonly string[] = [],
  ownCommands: ReadonlySet<string> = NO_NAMES,
): { word: string; span: Span }[] {
  const key = `${binaries.join("\u0000")}\u0001${ownRuns.join("\u0000")}`;
  // What else runs the CLI itself: its packages' names (`npx @scope/cli`) and its bin files (`node ./bin/cli.js`).
  const ownRun = new Set(
    ownRuns.flatMap((w) => {
      const l = w.toLowerCase();
      const bare = l.replace(/\.[cm]?[jt]s$/, "");
      return [l, `./${l}`, bare, `./${bare}`];
    }),
  );
  const memo = runsByDoc.get(doc);
  if (memo && memo.key === key && memo.names === ownCommands) return memo.runs;
  const own = new Set(binaries.map((b) => b.toLowerCase()));
  const common = new Set(COMMON_TOOLS);
  const runs: { word: string; span: Span }[] = [];
  const other = (line: string): string | null => {
    const ws = commandWords(line);
    // Lower case only: a capitalised first word is output or prose (`Available on:`).
    const first = ws[0];
    if (!first || !/^[a-z][\w.-]*$/.test(first) || own.has(first) || SHELL_UTILITIES.has(first)) return null;
    // The CLI's own command written without its binary (`session-create --x`); a common program stays itself.
    if (ownCommands.has(first) && !common.has(first)) return null;
    if (RUNNER_WORDS.has(first)) {
      if (INSTALL_LINE.test(ws.join(" ").toLowerCase()) || ws.slice(1).every((w) => RUNNER_VERBS.has(w.toLowerCase()))) return null;
      const versionless = (w: string) => w.toLowerCase().replace(/@[^/]*$/, "");
      // `npm create vite`, `deno init --npm vite` run the initializer `create-vite`, not `vite`.
      if (ws[1] === "create" || ws[1] === "init") {
        const name = ws.slice(2).find((w) => !w.startsWith("-"));
        if (name === undefined) return first;
        // Another program than the one a page invokes by name; when it is one of the CLI's binaries (or the package of
        // one: `npm init @knip/config` runs `@knip/create-config`), the line is its invocation.
        const initializer = initializerPackage(versionless(name));
        return own.has(initializer) || ownRun.has(initializer) ? null : initializer;
      }
      if (ws.slice(1).some((w) => own.has(versionless(w)) || ownRun.has(versionless(w)))) return null;
    }
    // `node ./bin/cli.js --x` runs the binary whose bin file it names.
    if ((first === "node" || first === "nodejs") && ws.length > 1 && ownRun.has(ws[1].toLowerCase())) return null;
    return first;
  };
  for (const b of doc.codeBlocks) {
    if (b.lang === null || !SHELL_LANGS.test(b.lang)) continue;
    const lines = b.value.split(/\r?\n/);
    const prompted = lines.some((l) => /^\s*[$>]\s/.test(l));
    let continued = false;
    for (const l of lines) {
      const wasContinued = continued;
      continued = /\\\s*$/.test(l);
      if (wasContinued || /^\s*#/.test(l) || FRAME_LINE.test(l)) continue;
      if (prompted && !/^\s*[$>]\s/.test(l)) continue;
      for (const part of commandParts(l.replace(/^\s*[$>]\s+/, ""))) {
        const w = other(part);
        if (w) runs.push({ word: w, span: b.span });
      }
    }
  }
  for (const c of doc.inlineCodes) {
    if (!/^[A-Za-z][\w.-]*\s+\S/.test(c.value)) continue;
    const first = c.value.split(/\s+/)[0].toLowerCase();
    // A known program, any word run with a flag (`eslint --fix`), or a command of three lowercase words or more (`codex plugin install`).
    if (
      !common.has(first) &&
      !runs.some((r) => r.word === first) &&
      !/^[a-z][\w.-]*(\s+\S+)*\s+-{1,2}[A-Za-z]/.test(c.value) &&
      !/^[a-z][\w.-]*(\s+[a-z][\w-]*){2,}$/.test(c.value)
    )
      continue;
    const w = other(c.value);
    if (w) runs.push({ word: w, span: c.span });
  }
  runsByDoc.set(doc, { key, names: ownCommands, runs });
  return runs;
}

/**
 * A flag its paragraph and heading tie to nothing: the nearest section showing
 * invocations (its own text, else its parents'), else the page, decides. When
 * every invocation there is of one binary, the flag is that binary's (some
 * command must accept it) — unless that section or page runs another program,
 * a heading over the flag names a common program, or an invocation there is not
 * judged. The tie is marked as the scope's (`by`), with a slash command that
 * scope gives flags to (`slash`): the flag may be that command's (unknown-flag.ts decides).
 * Binaries whose package.json `bin` names one file are one program (`programOf`).
 */
function scopeTie(at: Span, doc: MarkdownDoc, index: SurfaceIndex, tc: TieContext): FlagTie {
  const { binaries } = tc;
  const programOf = tc.programOf ?? ((b: string) => b);
  const { headings, over, chain, ownFrom, ownTo, from, to, scope, invs } = nearestScope(at, doc);
  if (invs.length === 0) return { to: "none", reason: "a flag whose paragraph and section name no binary" };
  if (!invs.every((i) => programOf(i.binary) === programOf(invs[0].binary)))
    return { to: "none", reason: `a flag whose ${scope} invokes more than one binary` };
  // Decided where the flag is, not anywhere on the page: with the page as scope, the programs run in the flag's own
  // section, its parent sections' own text and the text before the first heading count (`node --v8-options` in a
  // section of its own leaves the other sections' flags to the one binary the page invokes).
  const near: [Span | null, Span | null][] = [
    [from, to],
    [ownFrom, ownTo],
  ];
  if (scope === "page") {
    near.shift();
    near.push([null, headings[0]?.span ?? null]);
    near.push(...chain);
  }
  const run = programsRun(doc, binaries, tc.ownRuns, commandNames(index)).find((r) => near.some(([f, t]) => within(r.span, f, t)));
  if (run) return { to: "none", reason: `a flag whose ${scope} runs another program (\`${run.word}\`)` };
  // A slash command given flags or shown by its usage (`/w:export-diagrams [--since …]`) takes flags too: in the
  // section, or anywhere on a page that is only tied by its invocations as a whole (the page documents that command).
  const slash = (tc.slashCommands ?? []).find((c) => within(c.span, from, to) || within(c.span, ownFrom, ownTo));
  const mark: ScopeMark = {
    by: scope as "section" | "page",
    ...(slash ? { slash: slash.name } : {}),
    ...(versionPage(doc) ? { unknownReason: "a flag whose paragraph and section name no binary, on a page about upgrading or changes" } : {}),
  };
  // The headings over the flag are its context too (`# git — git-safe capability` over `### Message format`): the common
  // programs only, as a program a fence runs may be a word of any heading (`dev`, `on`).
  const own = new Set(binaries.map((b) => b.toLowerCase()));
  for (const a of over) {
    const tool = words(headings[a].text).find((w) => COMMON_TOOLS.includes(w) && !own.has(w));
    if (tool !== undefined) return { to: "none", reason: `a flag under a heading that names another tool (\`${tool}\`)` };
  }
  // Named as the nearest invocation before it writes the program (else the first after it).
  let binary = invs[0].binary;
  for (const i of invs) if (i.span.line < at.line || (i.span.line === at.line && i.span.column < at.column)) binary = i.binary;
  const tie: FlagTie = { ...binaryTie(binary, index), ...mark };
  // A scope showing an invocation not judged (an unknown command, an open list): a flag the CLI accepts is judged, any other counted.
  const unjudged = invs.some((inv) => {
    const m = index.match(inv);
    return Boolean(m.unknown || m.notJudged);
  });
  return unjudged ? weakened(tie, `a flag whose ${scope} shows an invocation that is not judged`) : tie;
}

/** The binary's tie: its root command when it has no sub-commands, else any command of it. */
function binaryTie(binary: string, index: SurfaceIndex): FlagTie {
  return index.for(binary).hasSubcommands() ? { to: "binary", binary } : { to: "command", binary, path: [] };
}

/** Whether span `s` starts in [from, to) (null: the page's start or end). */
function within(s: Span, from: Span | null, to: Span | null): boolean {
  return (
    (from === null || s.line > from.line || (s.line === from.line && s.column >= from.column)) &&
    (to === null || s.line < to.line || (s.line === to.line && s.column < to.column))
  );
}

/**
 * The invocations a place's context shows: those of its section, else of the nearest section holding it that shows
 * any, else the page's. `ownFrom`/`ownTo` bound the place's own section, `from`/`to` the scope (null: page bounds).
 */
function nearestScope(at: Span, doc: MarkdownDoc) {
  const headings = [...doc.headings].sort((a, b) => a.span.line - b.span.line || a.span.column - b.span.column);
  let h = -1;
  for (let i = 0; i < headings.length && (headings[i].span.line < at.line || (headings[i].span.line === at.line && headings[i].span.column <= at.column)); i++)
    h = i;
  // The flag's own section counts for the programs run too (a sub-section without invocations that runs `git`).
  const ownFrom = h >= 0 ? headings[h].span : null;
  const ownTo = h >= 0 ? (headings[h + 1]?.span ?? null) : null;
  // The place's own heading and those whose sections hold it, innermost first; `chain` their sections' own text.
  const over: number[] = [];
  for (let a = h; a >= 0; a = parentOf(headings, a)) over.push(a);
  const chain = over.map((a): [Span, Span | null] => [headings[a].span, headings[a + 1]?.span ?? null]);
  for (const [from, to] of chain) {
    const invs = doc.invocations.filter((i) => within(i.span, from, to));
    if (invs.length > 0) return { headings, over, chain, ownFrom, ownTo, from, to, scope: "section" as const, invs };
  }
  return { headings, over, chain, ownFrom, ownTo, from: null, to: null, scope: "page" as const, invs: doc.invocations };
}

/** The command a help listing's synopsis words name, or why not. */
export function synopsisTie(binary: string, written: readonly string[], index: SurfaceIndex): FlagTie {
  const path = index.for(binary).walk(written);
  if (path === null) return { to: "none", reason: "a help listing whose synopsis names no known command" };
  return { to: "command", binary, path };
}

/** The text of the innermost heading above a place, or null. */
function headingOver(doc: MarkdownDoc, at: Span): string | null {
  let text: string | null = null;
  for (const h of doc.headings) if (h.span.line < at.line || (h.span.line === at.line && h.span.column <= at.column)) text = h.text;
  return text;
}

/** Whether span `a` starts inside span `b`. */
export function inside(a: Span, b: Span): boolean {
  const after = a.line > b.line || (a.line === b.line && a.column >= b.column);
  const beforeEnd = a.line < b.endLine || (a.line === b.endLine && a.column < b.endColumn);
  return after && beforeEnd;
}
