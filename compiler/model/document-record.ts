/**
 * Records: documents that keep a proposal or a past state of the project —
 * enhancement proposals (SEP, RFC, PEP, KEP, ADR …), archived or superseded
 * pages, pages that say they are preserved as a historical record. Their
 * names are the proposal's or those of their time: a state list in a
 * proposal that shipped differently is no stale mention of today's
 * vocabulary. Read from the document's path, its title and its opening
 * (front matter, the first lines); nothing here knows any vocabulary.
 */
import type { MarkdownDoc } from "./types.js";
import { weakMemo } from "../util/memo.js";
import { pastRecordReason } from "../util/past-records.js";

/** Folders that hold the past: `archive/`, `history/`, `superseded/`. */
const PAST_FOLDER = /^(?:archived?|historical|history|superseded|obsolete)$/i;

/** Folders of dated posts (a blog's, Jekyll's `_posts/`): each names what existed on its date. */
const POSTS_FOLDER = /^(?:blogs?|_?posts)$/i;

/** Folders of proposals and decision records: `seps/`, `rfcs/`, `docs/adr/`. */
const PROPOSAL_FOLDER = /^(?:seps?|rfcs?|peps?|keps?|jeps?|eips?|adrs?|proposals?|enhancements)$/i;

/**
 * A status that says the proposal or decision is what the project does now: such a document
 * describes the live system (openwop's `Status: implemented` ADRs are edited as the code moves).
 */
const IN_FORCE_STATUS = /^[\s>*_|-]*\**status\**\s*(?::|\|)\s*\**\s*["']?(implemented|accepted|active|in[- ]progress|adopted|approved|living|current)\b/im;

/** A proposal's id opening its title: `SEP-1686: Tasks`, `RFC 42`, `ADR-0007`. */
const PROPOSAL_TITLE = /^\s*(SEP|RFC|PEP|KEP|JEP|EIP|BIP|ADR|TEP|XEP|FLIP)[- ]?\d+\b/i;

/** The opening says what the document is: preserved as a historical record, archived, superseded, obsolete, withdrawn, rejected. */
const SELF_DECLARED =
  /\b(?:(?:preserved|kept|retained|archived) as (?:a|an) (?:historical|archived) (?:record|document|reference)|this (?:document|page|proposal|sep|rfc|pep|kep|adr|enhancement|design) (?:is|has been|was) (?:now )?(?:(?:an? )?(?:historical|archived)|superseded|obsolete|withdrawn|rejected|deprecated)\b)/i;

/**
 * A bold status marker opening a callout or line of the opening, in capitals (`> ⚠️ **HISTORICAL (pre-redesign).**`,
 * `**ARCHIVED**`, `**HISTÓRICO**`): the page's banner saying what it is. Capitals only — a bold word in running prose is
 * emphasis, not a banner; the English words and their Romance cognates (the spelling of the word, no vocabulary of a project).
 */
const STATUS_BANNER =
  /^[ \t]*(?:>[ \t]*)?(?:[^\p{L}\p{N}\s*]+[ \t]*)?\*\*[ \t]*(HISTORICAL|HISTORIC|HIST[ÓO]RICO|HISTORIQUE|STORICO|ARCHIVED|ARCHIVADO|ARQUIVADO|ARCHIV[ÉE]|OBSOLETE|OBSOLETO|OBSOLÈTE|DEPRECATED|SUPERSEDED)(?![\p{L}\p{N}])/mu;

/** A status line of a proposal's preamble or front matter that says it is not (or no longer) in force. */
const STATUS_LINE =
  /^[\s>*_-]*\**status\**\s*:\s*\**\s*["']?(draft|proposed|proposal|superseded|rejected|withdrawn|deferred|obsolete|archived|dormant|abandoned)\b/im;

/** How much of the opening is read: front matter and the first lines. */
const OPENING_LINES = 40;

const memo = weakMemo<MarkdownDoc, { text: string | undefined; why: string | null }>("model/document-record#memo");

/**
 * Why the document is a record (a short phrase for a not-judged reason), or
 * null when it is an ordinary page: its file name (a changelog, release notes, a date), a folder of its
 * path that holds proposals, posts or the past, a title opening with a proposal's id, or an
 * opening that declares it historical, archived, superseded (in words or a
 * bold capitals banner: `**HISTORICAL**`), or a proposal not in force (`Status: Draft`, `Superseded`, `Rejected` …).
 */
export function recordOf(doc: MarkdownDoc, text: string | undefined): string | null {
  const hit = memo.get(doc);
  if (hit && hit.text === text) return hit.why;
  const why = recordWhy(doc.file, doc.headings[0]?.text ?? null, doc.frontMatter, text);
  memo.set(doc, { text, why });
  return why;
}

const byFile = weakMemo<readonly MarkdownDoc[], Map<string, MarkdownDoc>>("model/document-record#byFile");

/** Why the Markdown document `file` of the model is a record, or null (not a document, or an ordinary page). */
export function recordOfFile(docs: readonly MarkdownDoc[], texts: ReadonlyMap<string, string>, file: string): string | null {
  let m = byFile.get(docs);
  if (!m) byFile.set(docs, (m = new Map(docs.map((d) => [d.file, d]))));
  const doc = m.get(file);
  return doc ? recordOf(doc, texts.get(file)) : null;
}

/** The decision itself, on plain values (for tests and non-Markdown callers). */
export function recordWhy(file: string, firstHeading: string | null, frontMatter: string | null, text: string | undefined): string | null {
  // A changelog, release notes, a file named by its date.
  const named = pastRecordReason(file);
  if (named !== null) return named;
  const folders = file.split("/").slice(0, -1);
  const past = folders.find((f) => PAST_FOLDER.test(f));
  if (past !== undefined) return `it is kept under ${past}/, a folder of the past`;
  const posts = folders.find((f) => POSTS_FOLDER.test(f));
  if (posts !== undefined) return `it is kept under ${posts}/, dated posts`;
  // The opening without its fenced blocks (a template's `status: draft` is no status of the page).
  const opening = (text ?? "")
    .split(/\r?\n/, OPENING_LINES)
    .join("\n")
    .replace(/^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^[ \t]*\1[ \t]*$|(?![\s\S]))/gm, "");
  // A proposal or decision whose status says it is in force describes the live system: judged like any page.
  const inForce = IN_FORCE_STATUS.test(opening) || IN_FORCE_STATUS.test(frontMatter ?? "");
  const folder = folders.find((f) => PROPOSAL_FOLDER.test(f));
  if (folder !== undefined && !inForce) return `it is kept under ${folder}/, a folder of proposals or records`;
  const title = /^\s*title\s*:\s*["']?([^\n"']*)/im.exec(frontMatter ?? "")?.[1] ?? firstHeading ?? "";
  const id = PROPOSAL_TITLE.exec(title);
  if (id && !inForce) return `its title names a proposal (${title.trim().slice(0, 40)})`;
  const declared = SELF_DECLARED.exec(opening);
  if (declared) return `it says so: "${declared[0].replace(/\s+/g, " ")}"`;
  const banner = STATUS_BANNER.exec(opening);
  if (banner) return `its banner says so: "${banner[1]}"`;
  const status = STATUS_LINE.exec(opening);
  if (status) return `its status is ${status[1].toLowerCase()}`;
  return null;
}
