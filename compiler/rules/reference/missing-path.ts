import { posix } from "node:path";
import { currentPath, firstRemoval, removalText } from "../../model/history.js";
import { pathCodes } from "../../model/mentions.js";
import { lookupPath, mentionsOtherTree, type PathLookup, referenceIndex } from "../../model/references.js";
import { gitignoredReason } from "../../model/site-links.js";
import type { SkillBundle } from "../../model/skills.js";
import type { InlineCode, MarkdownDoc } from "../../model/types.js";
import { recordOf } from "../../model/document-record.js";
import { escapeRegExp, LineIndex } from "../../util/text.js";
import { replaceInSpan } from "../fix-edit.js";
import { defineRule } from "../types.js";
import { createdProjectBefore, ownNames } from "./created-project.js";
import { listBlockAt, listItemsAt } from "./list-block.js";
import type { PackageNames } from "../../model/packages.js";

/** Backticked relative paths (`docs/x.md`, `src/cli.ts`) to files that exist nowhere. */
export default defineRule({
  meta: {
    id: "reference/missing-path",
    // `references` covers the package names too (compiler/model/digests.ts): a list item labelled by another project's name.
    perDocument: { consults: ["references", "skills"] },
    defaultSeverity: "warning",
    fixable: true,
    description: "A backticked relative path names a document or source file that does not exist.",
    explanation:
      "Docs point at files with inline code as often as with links (`schemas/run.schema.json`, `src/cli/flow.ts`). A backticked token that is a relative path " +
      "with a folder and a document or source extension (.md, .json, .ts, .js, .yaml, .toml, .sh, .py, …) is looked up from the document's folder, every folder above it, " +
      "and the root. Backticked paths have no defined base and prose often names files of other trees, so the rule reports only the clear case: under one of those bases " +
      "the path's folder holds other files of the same kind but not this one (a renamed or moved file), no file anywhere ends with the path, and the surrounding words do " +
      'not place it in another repository ("in the aweb repo", "pi\'s `docs/x.md`"). Tokens that are not paths are skipped: anything with spaces (invocations, prose), URLs, ' +
      "a path that is a link's label (`` [`docs/a.md`](docs/a.md) ``: the link is judged by reference/broken-link), absolute and home paths, package specifiers (`@scope/x`), globs and placeholders (`<slug>`, `{id}`, `NNN`, `*`, `…`, `YYYY`), bare file names (`SKILL.md`, `./log.md`: " +
      "usually generic or runtime files), paths under folders docpact does not list (dot folders, `node_modules`), and paths the repository's `.gitignore` files ignore (build outputs, local files). Inside a git work tree the repository's history is " +
      "evidence for a reported path: the commit that deleted or renamed it away and, for a rename, the new path as the suggestion, which `docpact build --fix` writes in place of the old one. History never decides whether " +
      "a path is reported (a shallow clone would report less), so a path whose whole folder is gone stays silent even when git shows it once existed. Some documents name files that are not this repository's, and their paths are counted as not judged: records (a changelog, release notes, a file named by its date, a page under an archive/, blog/ or proposals folder such as seps/ or rfcs/, or one whose opening says it is historical, archived or superseded, as vocabulary/unknown-term reads records), " +
      "an agent's prompts (a slash command's file, a plugin's subagent file in its agents/ folder, a skill's SKILL.md and every file in its folder: their paths are the working project's, unless the path starts in one of the entry's own folders, `references/x.md` beside a SKILL.md with a references/ folder), and a path the words before it tell the reader to create " +
      '("Create a file at `x`", "save as `x`", "**File:** `x`", a plan\'s "Create: `x`", an item of a list under "Tests to add:" or "Files to create:"; not "add it to `x`", which names a file that must exist), ' +
      "a path whose content the fence below it shows (`` In `_data/members.yml`: `` before a fence), a path named in an example a fence above it in the same section shows (a fence titled with a file that is not here, or one the words before it call an example; or a fence that names the path's file and the words after it call \"the above configuration\", or a tree listing that names it without its extension: `├── p2` for `../p2.md`), the same path in a document of the same folder as one that creates or shows it (a tutorial's later step), " +
      'a path given as an example ("for example", "e.g.", "such as", "**Examples**:" earlier in its sentence, the same words in the languages docs are translated into: "zum Beispiel", "par exemple", "например", …; "a file like `x`") or with a placeholder name (`foo`, `foo.en.html`, `my-file`, `themes/my-theme/…`, `file1`), ' +
      'an entry of a list or table whose lead-in gives its entries as examples ("For example, for section pages:", "Example: When building …:") or tells the reader to make them ("Create a `references/` directory and move … there:"), or that names a placeholder in another entry (a lookup order, a table of `foo` templates), ' +
      'a path the words make the reader\'s ("your `x`", "`x` in your site") or that lies under a folder they make the reader\'s elsewhere in the document ("the `_sass` directory relative to your site\'s source", then `_sass/main.scss`; "the local `theme/components` directory") or another package\'s ("`x` in the Minima theme"), one whose sentence names another repository ("in the `owner/name` repository"), one in a list item labelled with another project\'s name beside an item labelled with this project\'s package name (`- MyndHyve: …` next to `- openwop-app: …`), one whose sentence says the file is still to come ("once the build pipeline lands", "will be added", "planned"), and one after a command of the document that creates another project or fetches another repository (`npm create qwik@latest`, `npx create-next-app my-app`, `degit`, `cargo new`, a `git clone` of a repository other than this one: a framework guide\'s `src/global.css` is the new app\'s). ' +
      "Every backticked path the rule looks at is a `paths` mention of `summary.coverage`: judged when it exists or is reported, else counted as not judged with the reason (another tree, an unlisted folder, or one of the contexts above). " +
      "A warning, because prose may deliberately name a file that lives elsewhere.",
    messages: {
      missingPath: "path {{path}} does not exist (looked from {{from}}){{removed}}",
    },
    examples: {
      bad: { "README.md": "The schema lives in `schemas/evnt.schema.json`.\n", "schemas/event.schema.json": "{}" },
      good: { "README.md": "The schema lives in `schemas/event.schema.json`.\n", "schemas/event.schema.json": "{}" },
    },
    example: {
      bad: "The wire format is `schemas/run-event.schema.json`.",
      fix: "Write the file's current path, or a placeholder (`schemas/<name>.schema.json`) when it is an example.",
    },
  },
  check(ctx) {
    const index = referenceIndex(ctx.model);
    type Seen = { doc: MarkdownDoc; text: string; code: InlineCode; cand: string; r: PathLookup; why: string | null };
    const seen: Seen[] = [];
    // Paths a document tells the reader to create or shows the content of, by the folder of that document: the
    // same path in a later step of the tutorial (a document of the same folder) is that reader's file too.
    const made = new Set<string>();
    let own: Set<string> | null = null;
    for (const doc of ctx.model.docs) {
      const text = ctx.model.texts.get(doc.file) ?? "";
      // Whose files a document's paths name: a record's are those of its time, an agent's prompt the project it works in.
      const past = recordOf(doc, text);
      let lines: LineIndex | null = null;
      let textLines: string[] | null = null;
      let readers: Set<string> | null = null;
      for (const { code, path: cand } of pathCodes(doc)) {
        const r = lookupPath(index, doc.file, cand);
        // Only a missing path is ever reported: the contexts below are read for those alone.
        if (r.status !== "missing") {
          seen.push({ doc, text, code, cand, r, why: null });
          continue;
        }
        lines ??= new LineIndex(text);
        const start = lines.offset(code.span.line, code.span.column);
        const end = lines.offset(code.span.endLine, code.span.endColumn);
        const before = paragraphBefore(text, start, 240);
        const after = paragraphAfter(text, end);
        const made1 = toBeCreated(paragraphBefore(text, start), text.slice(Math.max(0, start - 600), start)) ?? shownBelow(text, end);
        if (made1 !== null) made.add(`${posix.dirname(doc.file)}\u0000${cand}`);
        const why =
          past ??
          agentFacing(ctx.model.skills ?? null, index.dirs, doc.file, cand) ??
          made1 ??
          otherTree(before, after) ??
          underReaderFolder((readers ??= readerFolders(doc, text, lines)), cand) ??
          otherProjectItem((textLines ??= text.split(/\r?\n/)), code.span.line, ctx.model.packages) ??
          illustrative(before, cand) ??
          notYet(before, after) ??
          createdProjectBefore((textLines ??= text.split(/\r?\n/)), code.span.line, (own ??= ownNames(ctx.model.root, ctx.model.packages?.names ?? []))) ??
          inIllustrativeBlock((textLines ??= text.split(/\r?\n/)), code.span.line) ??
          exampleAbove(text, start, cand, (p) => lookupPath(index, doc.file, p).status === "exists");
        seen.push({ doc, text, code, cand, r, why });
      }
    }
    for (const { doc, text, code, cand, r, why } of seen) {
      // summary.coverage `paths` (model/mentions.ts pathMentions): every path is judged (it exists or is reported) or counted.
      if (r.status === "exists") {
        ctx.judged(code.span, "paths");
        continue;
      }
      // Whether a finding exists never depends on history (a shallow clone would lose it): a path whose
      // folder is not here (`foreign`) stays silent whatever git shows; history only adds evidence.
      if (r.status === "unknown") {
        ctx.notJudged(code.span, "under a folder docpact does not list (a dot folder, node_modules, an ignored folder)", { kind: "paths" });
        continue;
      }
      if (r.status === "foreign") {
        ctx.notJudged(
          code.span,
          "no folder it could be looked up in holds files of its kind, or a file elsewhere ends with it: a path of another tree (the user's project, another repository, a runtime folder)",
          { kind: "paths" },
        );
        continue;
      }
      if (r.status !== "missing") continue;
      // A file the repository's .gitignore keeps out (a build output, a local file) is missing here by design.
      const ignored = r.tried.map((p) => gitignoredReason(index.gitignored, p)).find((w) => w !== null);
      if (ignored !== undefined) {
        ctx.notJudged(code.span, ignored, { kind: "paths" });
        continue;
      }
      const tutorial = made.has(`${posix.dirname(doc.file)}\u0000${cand}`)
        ? "a file a document of this folder tells the reader to create or shows (a tutorial's file), not one of this repository"
        : null;
      const reason = why ?? tutorial;
      if (reason !== null) {
        ctx.notJudged(code.span, reason, { kind: "paths" });
        continue;
      }
      ctx.judged(code.span, "paths");
      const gone = firstRemoval(ctx.model.history, r.tried);
      const dir = posix.dirname(doc.file);
      const from = dir === "." ? "the root" : `${dir}/ or any folder above it`;
      const now = gone && ctx.model.history ? currentPath(ctx.model.history, gone.path, (p) => index.files.has(p)) : null;
      const moved = gone && now ? writtenLike(cand, gone.path, now, doc.file) : null;
      // The rename git recorded is applied by `build --fix`; nothing else is.
      const fix = moved !== null && gone ? replaceInSpan(text, code.span, cand, moved, `write ${moved} (renamed in ${gone.commit})`) : null;
      ctx.report({
        span: code.span,
        messageId: "missingPath",
        data: { path: cand, from, removed: gone ? `; ${removalText(gone)}` : "" },
        ...(moved !== null ? { suggestions: [moved] } : {}),
        ...(fix ? { fix } : {}),
      });
    }
  },
});

/** The words around a code make it the reader's: `your x`, `x in your site`, `the x directory relative to your site's source`. */
function readersWords(before: string, after: string): boolean {
  return /\byour\s*$/i.test(before) || /^[^.!?\n]{0,40}?\b(?:in|inside|within|under|relative to) your\b/i.test(after);
}

/**
 * The folders a document places in the reader's tree: a code naming just a folder (`_sass`, `_data/`,
 * `theme/components`) that the words around make the reader's ("in the `_sass` directory relative to your site's
 * `source` directory", "ejects the component to the local `theme/components` directory"). A path under such a folder
 * anywhere in the document is the reader's file too (`_sass/main.scss`, `theme/components/DocFooter.tsx`).
 */
function readerFolders(doc: MarkdownDoc, text: string, lines: LineIndex): Set<string> {
  const out = new Set<string>();
  for (const code of doc.inlineCodes) {
    const m = /^(?:\.\/)?([\w-][\w.-]*(?:\/[\w-][\w.-]*)*)\/?$/.exec(code.value);
    if (!m || /\.\w{1,5}$/.test(m[1])) continue;
    const start = lines.offset(code.span.line, code.span.column);
    const end = lines.offset(code.span.endLine, code.span.endColumn);
    const before = paragraphBefore(text, start, 240);
    if (readersWords(before, paragraphAfter(text, end)) || LOCAL_FOLDER_BEFORE.test(before)) out.add(m[1]);
  }
  return out;
}

/** "the local `x` directory", "your local `x`", Chinese "本地(的) `x`": a folder on the reader's machine, in the reader's project. */
const LOCAL_FOLDER_BEFORE = /(?:\b(?:the|your) local|本地的?)\s*$/i;

/** The words around the path place it in another repository or project (mentionsOtherTree, or `` in the `owner/name` repository `` earlier in its sentence), or in the reader's own tree ("your `x`", "`x` in your site", "`x` in the Minima theme"). */
function otherTree(before: string, after: string): string | null {
  if (mentionsOtherTree(before.slice(-120), after)) return "the words around it place it in another repository or project";
  const sentence = sentenceTail(before);
  if (/\b(?:in|from|of|to) the `?[\w.-]+\/[\w.-]+`? (?:repo|repository)\b/i.test(sentence))
    return "its sentence names another repository (`in the owner/name repository`)";
  if (readersWords(before, after)) return "the words around it make it the reader's file (`your x`, `x in your site`)";
  if (/^\W{0,3}\s*(?:in|from|of) (?:the|a) [\w-]+ (?:theme|gem|package|plugin|module|library|crate)\b/i.test(after))
    return "the words after it place it in another package (`x in the Minima theme`)";
  return null;
}

/**
 * Its sentence says the file is still to come ("`scripts/build-pack.sh` automates this once the build pipeline lands",
 * "will be added in", "is planned", "not yet"): a file named before it exists, not a stale one.
 */
function notYet(before: string, after: string): string | null {
  const sentence = `${sentenceTail(before)} \u0000 ${/^[\s\S]*?(?:[.!?](?=\s|$)|$)/.exec(after)?.[0] ?? ""}`;
  if (
    /\bonce\b[^.!?\n]{0,80}\b(?:lands?|ships?|is (?:added|created|merged|released))\b|\bwill be (?:added|created|introduced|written|provided)\b|\b(?:is|are) (?:planned|not yet (?:written|added|created|implemented))\b|\bnot (?:yet )?(?:written|created|implemented) yet\b|\(planned\)|\bcoming soon\b/i.test(
      sentence,
    )
  )
    return "its sentence says the file is still to come (`once … lands`, `will be added`, `planned`)";
  return null;
}

/** The sentence the path stands in, up to the path: `before` from the last sentence end (". ", "! ", "? " followed by a capital) on. */
function sentenceTail(before: string): string {
  // biome-ignore lint/correctness/noEmptyCharacterClassInRegex: `[^]` is any character, newlines included
  const m = /[.!?]\s+(?=[A-Z`*])(?![^]*[.!?]\s+[A-Z`*])/.exec(before);
  return m ? before.slice(m.index + m[0].length) : before;
}

/**
 * A path given as an example ("for example, if the rule is `lib/rules/foo.js`", "e.g. `x`", "such as `x`",
 * "**Examples**: `x`" earlier in its sentence) or one with a placeholder name (`foo`, `bar`, `my-file`, `file1`):
 * an illustration, not a file of this repository.
 */
function illustrative(before: string, cand: string): string | null {
  if (EXAMPLE_BEFORE.test(before)) return "given as an example (`for example`, `e.g.`, `such as`, `in this example`, `Examples:` before it)";
  if (/\b(?:file|folder|directory|path|entry|one)s? like\s*$/i.test(before)) return "given as an example (`a file like x`)";
  if (placeholderPath(cand)) return PLACEHOLDER_REASON;
  return null;
}

/** Words that give what follows as an example, in the languages docs sites are commonly translated into. */
const EXAMPLE_WORDS = [
  "\\be\\.g\\.",
  "\\bfor example\\b",
  "\\bfor instance\\b",
  "\\bsuch as\\b",
  "\\bin (?:this|that|the) example\\b",
  "\\bzum beispiel\\b",
  "\\bbeispielsweise\\b",
  "\\bz\\.\\s?b\\.",
  "\\bpar exemple\\b",
  "\\bpor ejemplo\\b",
  "\\bpor exemplo\\b",
  "\\bper esempio\\b",
  "например",
  "例えば",
  "例如",
  "比如",
  "예를 들어",
].join("|");

/** An example word earlier in the sentence the path stands in (`[^]`: any character, newlines included). */
const EXAMPLE_BEFORE = new RegExp(`(?:${EXAMPLE_WORDS}|\\bexamples?\\**\\s*:)(?:(?![.!?](?:\\s|$))[^])*$`, "i");
/** A lead-in that gives the list or table below as examples. */
const EXAMPLE_LEAD_IN = new RegExp(`${EXAMPLE_WORDS}|^\\W*examples?\\W*:|\\bexamples? below\\b|\\bthe following examples?\\b`, "i");

const PLACEHOLDER_REASON = "a placeholder name (`foo`, `bar`, `my-file`, `my-theme/`, `file1`): an illustration";

/** A path with a placeholder file name (`foo.html`, `foo.en.html`, `my-file.md`) or folder (`themes/my-theme/`). */
function placeholderPath(cand: string): boolean {
  const parts = cand.replace(/^(?:\.{1,2}\/)+/, "").split("/");
  const name = (parts.pop() ?? "").split(".")[0];
  return PLACEHOLDER_FILE.test(name) || parts.some((d) => PLACEHOLDER_DIR.test(d));
}

/** Placeholder words (`foo`, `my-theme`, `your-site`); a file name also `my-file`/`myfile`, a dated `2024-01-02-my-post`, `file1`. */
const PLACEHOLDER_WORDS = "foo|bar|baz|qux|quux|foobar|my[-_][a-z]+|your[-_][a-z]+";
const PLACEHOLDER_DIR = new RegExp(`^(?:${PLACEHOLDER_WORDS})$`, "i");
const PLACEHOLDER_FILE = new RegExp(`^(?:${PLACEHOLDER_WORDS}|(?:\\d{4}-\\d{1,2}-\\d{1,2}-)?my[-_]?[a-z]+|file\\d+)$`, "i");

function underReaderFolder(folders: ReadonlySet<string>, path: string): string | null {
  const parts = path.replace(/^\.\//, "").split("/");
  for (let n = 1; n < parts.length; n++) {
    const folder = parts.slice(0, n).join("/");
    if (folders.has(folder))
      return `under \`${folder}\`, a folder the words of this document make the reader's (\`your x\`, \`x relative to your site\`, \`the local x directory\`)`;
  }
  return null;
}

/** A short name opening a list item before a colon: `- MyndHyve: …`, `- **openwop-app:** …`, `` - `pkg`: … ``. */
const ITEM_LABEL = /^\s{0,3}(?:>\s*)*(?:[-*+]|\d{1,9}[.)])\s+(?:\*\*|__)?`?([@\w][\w@./-]*(?: [\w@./-]+){0,2}?)`?(?:\*\*|__)?\s*:(?:\*\*|__)?\s/;

/**
 * The path's list item is labelled with a name (`- MyndHyve: …`) in a list where another item is labelled with this
 * project's own package name (`- openwop-app: …`): the labels name projects, and this item's files are another's.
 * Without an item naming this project a label is only a label (`- Config: …`), and nothing changes.
 */
function otherProjectItem(lines: readonly string[], line: number, packages: PackageNames | null | undefined): string | null {
  const ours = new Set<string>();
  for (const n of [packages?.root?.name ?? null, ...(packages?.names ?? [])])
    if (n) for (const form of [n, n.replace(/^@[^/]+\//, "")]) ours.add(form.toLowerCase());
  if (ours.size === 0) return null;
  const list = listItemsAt(lines, line);
  if (list === null) return null;
  const labels = list.items.map((item) => ITEM_LABEL.exec(item)?.[1] ?? null);
  const own = labels[list.at];
  if (own == null || ours.has(own.toLowerCase())) return null;
  const project = labels.find((l) => l !== null && ours.has(l.toLowerCase()));
  if (project == null) return null;
  return `a list item labelled "${own}:" beside one labelled with this project's name (${project}): a file of that other project`;
}

/**
 * The list or table the path is an entry of, judged as a whole: its lead-in gives the entries as examples ("For
 * example, for section pages:", "Example: When building a `big-query` skill …:") or tells the reader to make them
 * ("Create a `references/` directory and move supporting material there:"), or an entry of it is a placeholder
 * (a lookup order `archetypes/posts.md`, `themes/my-theme/archetypes/posts.md`; a table of `foo` templates).
 */
function inIllustrativeBlock(lines: readonly string[], line: number): string | null {
  const block = listBlockAt(lines, line);
  if (block === null) return null;
  const lead = block.leadIn;
  if (EXAMPLE_LEAD_IN.test(lead))
    return "an entry of a list or table its lead-in gives as examples (`For example:`, `Example:`), not a file of this repository";
  if (/(?:^|[.!?:]\**\s+|\*\*)(?:create|move|split|put)\b[^.!?]*:\**\s*$/i.test(lead)) return TO_CREATE_REASON;
  for (const l of block.lines)
    for (const m of l.matchAll(/`([^`\s]+)`/g))
      if (placeholderPath(m[1])) return "an entry of a list or table that names placeholders (`foo`, `my-theme/`): a list of illustrations";
  return null;
}

/**
 * The path is named in an example shown by a fence above it in the same section (no heading between): a fence
 * whose title names a file that is not here (`title=".github/workflows/deploy.yml"`), or one the words before it
 * call an example ("this example webpack configuration"); or a fence that names only the path's file (`- about.md` in a
 * nav, `├── p2` in a tree listing) when it is a tree or the words after it send the reader back to it ("the source
 * files for the above configuration would be at `docs/about.md`"). The prose then discusses the example's files, the
 * reader's project's, not this repository's.
 */
function exampleAbove(text: string, start: number, cand: string, exists: (path: string) => boolean): string | null {
  const from = Math.max(0, start - 3000);
  const head = text.slice(from, start);
  // The section: from the last heading line before the path.
  const h = [...head.matchAll(/^#{1,6}\s.*$/gm)].pop();
  const section = h ? head.slice((h.index ?? 0) + h[0].length) : head;
  const plain = cand.replace(/^\.\//, "");
  const fence = /^[ \t]{0,3}(`{3,}|~{3,})([^\n]*)\n([\s\S]*?)^[ \t]{0,3}\1[ \t]*$/gm;
  const base = plain.slice(plain.lastIndexOf("/") + 1);
  const stem = base.replace(/\.[A-Za-z0-9]+$/, "");
  const token = (name: string) => new RegExp(`(?<![\\w./-])${escapeRegExp(name)}(?![\\w-]|\\.\\w)`);
  for (let m = fence.exec(section); m; m = fence.exec(section)) {
    const body = m[3];
    // A tree listing (```tree, or box-drawing lines) names its entries without extensions (`├── p2`).
    const tree = /^tree\b/.test(m[2].trim()) || /[├└]──/.test(body);
    const named = body.includes(plain) || token(base).test(body);
    // A tree that lists the file without its extension (`├── p2` for `../p2.md`) draws a logical layout, not this repository's files.
    const drawn = !named && tree && stem.length > 0 && stem !== base && token(stem).test(body);
    if (!named && !drawn) continue;
    const title = /\btitle=["']([^"']+)["']/.exec(m[2])?.[1];
    const lead = section.slice(Math.max(0, m.index - 200), m.index);
    const titled = (title !== undefined && !exists(title)) || /\bexamples?\b/i.test(lead);
    // Or the words after it send the reader back to it ("the above configuration"), or it is such a drawn tree.
    const after = section.slice(m.index + m[0].length);
    const referred = drawn || /\b(?:(?:the )?above|these|this|that) (?:example|configuration|config|tree|trees|layout|structure|listing)\b/i.test(after);
    if (titled || referred) return "a path named in the example the fence above shows (the reader's project), not one of this repository";
  }
  return null;
}

/**
 * The path ends its line (nothing after it but ":" or "."), and the next block, past blank lines and template
 * tag lines (`{% raw %}`), is a code fence: the text shows the file's content, an example the reader writes.
 */
function shownBelow(text: string, end: number): string | null {
  const eol = text.indexOf("\n", end);
  if (eol === -1 || !/^\s*[:.]?\s*$/.test(text.slice(end, eol))) return null;
  for (const line of text.slice(eol + 1, eol + 400).split("\n")) {
    if (/^\s*$/.test(line) || /^\s*\{%.*%\}\s*$/.test(line)) continue;
    return /^\s{0,3}(?:```|~~~)/.test(line) ? "a path the text shows the content of in the fence below it (an example file), not one of this repository" : null;
  }
  return null;
}

/**
 * A skill's files (its SKILL.md and everything in its folder) and a slash command's file are prompts to an agent:
 * a path they name is the agent's working project's, unless its first folder is one of the entry's own
 * (`references/x.md` beside a SKILL.md that has a references/ folder: the bundle's own file, judged).
 */
function agentFacing(bundle: SkillBundle | null, dirs: ReadonlySet<string>, file: string, path: string): string | null {
  if (!bundle) return null;
  const first = path.replace(/^(?:\.\/)+/, "").split("/")[0];
  for (const e of bundle.entries) {
    const base = posix.dirname(e.file);
    const inside = e.file === file || (e.kind === "skill" && base !== "." && file.startsWith(`${base}/`));
    if (!inside) continue;
    if (dirs.has(base === "." ? first : `${base}/${first}`)) return null;
    return e.file === file
      ? `a ${e.kind} prompt: its paths name files of the project the agent works in`
      : "a file of a skill: its paths name files of the project the agent works in";
  }
  // A plugin's subagent (`<plugin>/agents/x.md`, beside the commands/ or skills/ of a plugin the bundle registers) is a prompt too.
  const agent = /^(.*\/)?agents\/[^/]+\.md$/.exec(file);
  if (agent) {
    const root = agent[1] ?? "";
    const plugin = bundle.entries.some((e) => e.layout === "plugin" && (e.file.startsWith(`${root}commands/`) || e.file.startsWith(`${root}skills/`)));
    if (plugin && !dirs.has(`${root}${first}`)) return "a plugin's subagent prompt: its paths name files of the project the agent works in";
  }
  return null;
}

/**
 * The words just before the path, in its sentence or list item, say the reader is to make it: "Create `x`",
 * "save as `x`", "**File:** `x`" (an example to write), a plan's "Create: `x`". Such a path names a file to be.
 */
const TO_CREATE =
  /(?:\b(?:create|creating|add|adding|save(?:d)? (?:it )?as|write|new file(?: named| called)?)\b(?:(?!\b(?:to|in|into|inside|from|of)\b)[^.!?:`])*|(?:^|\n)\s*(?:[-*]|\d+\.)?\s*\**(?:file|create|new|add|you create)\**\s*:\s*\**\s*)$/i;

/**
 * A list item under a lead-in that says its items are still to be made ("Targeted tests to add:", "Files to create:",
 * "to be written:"): a plan's forecast, not a claim that the file exists.
 */
const LIST_TO_CREATE =
  /(?<!\bwhere )\b(?:to (?:add|create|write)|to be (?:added|created|written))\b[^\n`]*:\**[ \t]*\r?\n(?:[ \t]*\r?\n)?(?:[ \t]*(?:[-*]|\d+\.)[^\n]*\r?\n)*[ \t]*(?:[-*]|\d+\.)\s[^\n`]*$/i;

const TO_CREATE_REASON = "a file the text tells the reader to create (an example or a plan), not one of this repository";

/** `before`: the paragraph before the path; `above`: up to 600 characters before it (a list's lead-in may stand a blank line above the list). */
function toBeCreated(before: string, above: string): string | null {
  return TO_CREATE.test(before) || LIST_TO_CREATE.test(above) ? TO_CREATE_REASON : null;
}

/** `now` written from the same base as `cand` was when it resolved to `was` (`../` paths from the document's folder). */
function writtenLike(cand: string, was: string, now: string, fromFile: string): string {
  if (cand.startsWith("../")) return posix.relative(posix.dirname(fromFile), now);
  const plain = cand.replace(/^(?:\.\/)+/, "");
  const base = was.endsWith(plain) ? was.slice(0, was.length - plain.length) : "";
  return base && now.startsWith(base) ? now.slice(base.length) : now;
}

/** Up to `length` (120) characters before `at`, not crossing a blank line. */
function paragraphBefore(text: string, at: number, length = 120): string {
  const s = text.slice(Math.max(0, at - length), at);
  // biome-ignore lint/correctness/noEmptyCharacterClassInRegex: `[^]` is any character, newlines included
  const m = /\n[ \t>]*\r?\n(?![^]*\n[ \t>]*\r?\n)/.exec(s);
  return m ? s.slice(m.index + m[0].length) : s;
}

/** Up to 120 characters after `at`, not crossing a blank line. */
function paragraphAfter(text: string, at: number): string {
  const s = text.slice(at, at + 120);
  const m = /\n[ \t>]*\r?\n/.exec(s);
  return m ? s.slice(0, m.index) : s;
}
