/**
 * Reads which Markdown headings and which quoted names (commands, members)
 * the recent history removed or renamed, from `git log -p --unified=0` over
 * the documentation, schema and code files, capped at CONTENT_LOG_COMMITS
 * commits (never per finding). Only removed and added lines are scanned, for
 * headings and string literals.
 *
 * The pipeline reads it after the rules, only when a finding asks for
 * evidence, and only the patches of the commits that touched a file those
 * findings name (readContentHistoryOf); readContentHistory reads every
 * commit's patch, the reference path.
 */
import { posix } from "node:path";
import { inputMatcher } from "../config/ownership.js";
import type { ResolvedConfig } from "../config/types.js";
import type { Discovered } from "../discover.js";
import { WORK_TREE, type ContentRemoval } from "../model/history.js";
import { normalizeHeading } from "../util/headings.js";
import { DiffCursor, headingIn, isMarkdownPath, LINE_DIFF_ARGS, literalsIn, oldRange, renamedLiteral } from "./diff-lines.js";
import { contentHash } from "../cache/hash.js";
import type { GitMemo } from "./memo.js";
import { runGitAsync } from "./run.js";
import { inWorkTree } from "./state.js";

/** The newest commits (that touched a scanned file) the content log reads. */
export const CONTENT_LOG_COMMITS = 1000;

/** A larger patch (vendored or generated files committed under the scanned folders) is not read: no evidence rather than a slow run. */
export const CONTENT_LOG_MAX_BYTES = 64 * 1024 * 1024;

export interface ContentScope {
  /** Markdown documents in scope now (root-relative): their headings' history is read. */
  docs: readonly string[];
  /** Code and schema files now (root-relative): their string literals' history is read. */
  code: readonly string[];
  /** Whether a path that is gone now was an input (a command module deleted, a document renamed away). */
  wasInput: (path: string) => boolean;
  /** Names everything the three above depend on (the config, the files found): equal keys, equal scopes. */
  key?: string;
}

export interface ContentHistory {
  headings: Map<string, ContentRemoval[]>;
  literals: Map<string, ContentRemoval[]>;
  /** Present when the log read its cap of commits and older ones touched the files too (GitHistory.capped). */
  capped?: { contentCommits: number };
}

/** What the content log reads for this run: the discovered inputs, and the config's globs for names that are gone. */
export function historyScope(config: ResolvedConfig, discovered: Discovered): ContentScope {
  const all = new Set(discovered.files);
  const vocabFiles = config.vocabularies.flatMap((v) => [v.schema, v.code ?? ""].map((f) => f.split("#")[0])).filter((f) => all.has(f));
  const input = inputMatcher(config);
  const docs = discovered.docs.filter(isMarkdownPath);
  return {
    key: contentHash(JSON.stringify(config), discovered.files.join("\0"), docs.join("\0")),
    docs,
    code: [...new Set([...discovered.code, ...discovered.schemas, ...vocabFiles])].sort(),
    wasInput: (p) => !all.has(p) && input(p),
  };
}

const RS = "\x1e";
const US = "\x1f";

/**
 * The work tree's uncommitted changes to tracked files are read as the newest
 * "commit" (a member renamed in a schema and not yet committed is what a
 * check before the commit must see): this id, with position -1 in the log.
 */
const WORK_TREE_SUBJECT = "uncommitted changes";

/** The work tree's diff against HEAD as one more chunk of the log, or "" when there is none (plumbing: never refreshes or writes the index). */
async function workTreeChunk(root: string, specs: readonly string[]): Promise<string> {
  const r = await runGitAsync(root, ["diff-index", ...LINE_DIFF_ARGS, "HEAD", "--", ...specs], CONTENT_LOG_MAX_BYTES);
  if (!r.ok || !r.stdout.includes("\n@@")) return "";
  return `${RS}${WORK_TREE}${US}${WORK_TREE_SUBJECT}\n${r.stdout}`;
}

/** The options of the patch log: each commit's diff against its parent, removed and added lines only. */
const PATCH_ARGS = [...LINE_DIFF_ARGS, "--no-show-signature", `--format=${RS}%h${US}%s`];

/** Every commit's patch: the reference path (and what readContentHistoryOf must equal on the files it is asked about). */
export async function readContentHistory(root: string, scope: ContentScope, maxCommits = CONTENT_LOG_COMMITS): Promise<ContentHistory | null> {
  const specs = pathspecs([...scope.docs, ...scope.code]);
  if (specs.length === 0 || !inWorkTree(root)) return null;
  const r = await runGitAsync(root, ["log", ...PATCH_ARGS, `--max-count=${maxCommits}`, "--", ...specs], CONTENT_LOG_MAX_BYTES);
  if (!r.ok) return null;
  return withCap(parseContentLog((await workTreeChunk(root, specs)) + r.stdout, keepOf(scope)), commitsIn(r.stdout), maxCommits);
}

/** How many commits a log printed with `--format=<RS>…` holds. */
export function commitsIn(out: string): number {
  let n = 0;
  for (let i = out.indexOf(RS); i !== -1; i = out.indexOf(RS, i + 1)) n++;
  return n;
}

/** The history, saying so when the log held as many commits as it may read. */
function withCap(h: ContentHistory, commits: number, maxCommits: number): ContentHistory {
  return commits >= maxCommits ? { ...h, capped: { contentCommits: maxCommits } } : h;
}

/**
 * The same history as readContentHistory for every file `wanted` accepts,
 * reading fewer patches: a names-only log picks, among the same newest
 * commits, those that touched a wanted file (under any name: renames are not
 * paired there), then one patch log over just those commits, with the same
 * paths and options, so each commit's patch (and what the parse makes of
 * it: a heading moved to another document, a literal written elsewhere in
 * the commit) is the one the full log shows. Positions (`seq`) are the
 * commits' places in the full log. Entries for files `wanted` rejects may
 * be missing. An empty history when no commit touched a wanted file.
 */
export async function readContentHistoryOf(
  root: string,
  scope: ContentScope,
  wanted: (path: string) => boolean,
  maxCommits = CONTENT_LOG_COMMITS,
  memo?: GitMemo,
): Promise<ContentHistory | null> {
  const specs = pathspecs([...scope.docs, ...scope.code]);
  if (specs.length === 0 || !inWorkTree(root)) return null;
  const readWindow = () =>
    runGitAsync(root, [
      "log",
      "--name-only",
      "--no-renames",
      "--relative",
      "-z",
      "--no-show-signature",
      `--max-count=${maxCommits}`,
      `--format=${RS}%h`,
      "--",
      ...specs,
    ]).then((r) => (r.ok ? touchedFiles(r.stdout) : null));
  // A watch session reads the window once per HEAD and pathspecs (memo.ts).
  const window = await (memo ? memo.log(root, `names\0${maxCommits}\0${specs.join("\0")}`, readWindow) : readWindow());
  if (!window) return null;
  const picked = window.filter((c) => c.files.some(wanted)).map((c) => c.commit);
  const uncommitted = await workTreeChunk(root, specs);
  if (picked.length === 0 && uncommitted === "") return withCap({ headings: new Map(), literals: new Map() }, window.length, maxCommits);
  const seqs = new Map(window.map((c, i) => [c.commit, i]));
  const patchLog = (commits: string[]) => runGitAsync(root, ["log", "--no-walk=unsorted", ...PATCH_ARGS, ...commits, "--", ...specs], CONTENT_LOG_MAX_BYTES);
  if (memo) {
    // Each commit's patch is the same whichever commits are listed with it: only those no earlier run read are asked for.
    const kept = memo.patches(
      root,
      specs,
      window.map((c) => c.commit),
    );
    const missing = picked.filter((c) => !kept.has(c));
    if (missing.length > 0) {
      const r = await patchLog(missing);
      if (!r.ok) return null;
      for (const chunk of r.stdout.split(RS)) {
        const sep = chunk.indexOf(US);
        if (sep > 0) kept.set(chunk.slice(0, sep), RS + chunk);
      }
    }
    // Each chunk of the log parses on its own (a commit's removals depend on its patch and the scope only), so the
    // commits' part is kept per commit for the scope and joined, and the uncommitted changes (new with every save
    // of a tracked file) are parsed alone and put first: what one parse of the whole text gives.
    const keep = keepOf(scope);
    const seqOf = (commit: string) => seqs.get(commit);
    const parseKey = scope.key === undefined ? undefined : `${scope.key}\0${picked.join(",")}`;
    let commits = parseKey === undefined ? undefined : memo.parsed<ContentHistory>(parseKey);
    if (!commits) {
      const byCommit =
        scope.key === undefined
          ? undefined
          : memo.commitParses(
              root,
              `${scope.key}\0${specs.join("\0")}`,
              window.map((c) => c.commit),
            );
      const parts = picked.map((c) => {
        let part = byCommit?.get(c) as ContentHistory | undefined;
        if (!part) {
          part = parseContentLog(kept.get(c) ?? "", keep, seqOf);
          memo.commitsParsed++;
          byCommit?.set(c, part);
        }
        return part;
      });
      commits = joinHistories(parts);
      if (parseKey !== undefined) memo.keepParsed(parseKey, commits);
    }
    const parsed = uncommitted === "" ? commits : joinHistories([parseContentLog(uncommitted, keep, seqOf), commits]);
    return withCap(parsed, window.length, maxCommits);
  }
  let log = "";
  if (picked.length > 0) {
    const r = await patchLog(picked);
    if (!r.ok) return null;
    log = r.stdout;
  }
  // No memo to share the parse with another ask: removals are collected in the wanted files only (what is
  // added is still read everywhere: a heading moved, a literal written elsewhere in the same commit).
  return withCap(
    parseContentLog(uncommitted + log, { ...keepOf(scope), removedIn: wanted }, (commit) => seqs.get(commit)),
    window.length,
    maxCommits,
  );
}

/**
 * Histories parsed from consecutive pieces of one log, newest first, as one:
 * each key's removals in the pieces' order, keys in the order first seen
 * (what parsing the pieces' text joined gives). A single piece is returned as it is.
 */
export function joinHistories(parts: readonly ContentHistory[]): ContentHistory {
  if (parts.length === 1) return parts[0];
  const join = (pick: (h: ContentHistory) => Map<string, ContentRemoval[]>) => {
    const out = new Map<string, ContentRemoval[]>();
    for (const h of parts)
      for (const [k, list] of pick(h)) {
        const have = out.get(k);
        out.set(k, have ? have.concat(list) : list);
      }
    return out;
  };
  return { headings: join((h) => h.headings), literals: join((h) => h.literals) };
}

/** Parses `--name-only -z --format=<RS>%h`: each commit (newest first) and the paths it touched. */
export function touchedFiles(out: string): { commit: string; files: string[] }[] {
  const commits: { commit: string; files: string[] }[] = [];
  for (const chunk of out.split(RS)) {
    const fields = chunk.split("\0");
    const commit = fields[0].trim();
    if (!commit) continue;
    commits.push({
      commit,
      files: fields
        .slice(1)
        .map((f) => f.replace(/^\n/, ""))
        .filter((f) => f !== ""),
    });
  }
  return commits;
}

/** Which changed paths the parse reads as documents and which as code: those in scope now, and inputs that are gone. */
function keepOf(scope: ContentScope): Keep {
  const docs = new Set(scope.docs);
  const code = new Set(scope.code);
  return {
    doc: (p) => docs.has(p) || (!code.has(p) && isMarkdownPath(p) && scope.wasInput(p)),
    code: (p) => code.has(p) || (!docs.has(p) && !isMarkdownPath(p) && scope.wasInput(p)),
  };
}

/**
 * Git pathspecs that cover `files` and their neighbours of the same kind:
 * `:(glob)docs/**\/*.md` for a nested file (so old names in that folder are
 * seen), the file itself at the root (a root-level glob would take in a
 * changelog or a lock file).
 */
export function pathspecs(files: readonly string[]): string[] {
  const out = new Set<string>();
  for (const f of files) {
    const slash = f.indexOf("/");
    const ext = posix.extname(f);
    if (slash === -1 || ext === "" || ext === ".json") out.add(`:(literal)${f}`);
    else out.add(`:(glob)${f.slice(0, slash)}/**/*${ext}`);
  }
  return [...out].sort();
}

interface Keep {
  doc: (path: string) => boolean;
  code: (path: string) => boolean;
  /** The files (as a commit names them) whose removals are collected; absent: every kept file's. */
  removedIn?: (path: string) => boolean;
}

/** Parses the log above (newest commit first) into removals of headings and literals. */
export function parseContentLog(out: string, keep: Keep, seqOf?: (commit: string) => number | undefined): ContentHistory {
  const headings = new Map<string, ContentRemoval[]>();
  const literals = new Map<string, ContentRemoval[]>();
  let n = 0;
  for (const chunk of out.split(RS)) {
    const nl = chunk.indexOf("\n");
    const head = nl === -1 ? chunk : chunk.slice(0, nl);
    const sep = head.indexOf(US);
    if (sep === -1) continue;
    const id = head.slice(0, sep);
    // The work tree's changes come first and are newer than every commit.
    const seq = id === WORK_TREE ? -1 : (seqOf?.(id) ?? n);
    if (id !== WORK_TREE) n++;
    const commit = { commit: id, subject: head.slice(sep + 1).trim(), seq };
    const c = scanCommit(nl === -1 ? "" : chunk.slice(nl + 1), keep);
    const seenHead = new Set<string>();
    for (const h of c.removedHeadings) {
      const norm = normalizeHeading(h.value);
      const k = `${h.file}\0${norm}`;
      // A heading moved within its document is not gone.
      if (c.addedHeadings.has(k) || seenHead.has(k)) continue;
      seenHead.add(k);
      // Added to exactly one other document by the same commit: the section moved there.
      const to = h.kind === "removed" ? (c.headingFiles.get(norm) ?? []) : [];
      push(headings, h.file, to.length === 1 ? { ...h, kind: "moved", toFile: to[0], ...commit } : { ...h, ...commit });
    }
    const seenLit = new Set<string>();
    const added = c.removedLiterals.length > 0 ? addedLiteralsOf(c) : undefined;
    for (const l of c.removedLiterals) {
      const k = `${l.file}\0${l.value}`;
      // Still written somewhere in the same commit: moved, not removed.
      if (added!.has(l.value) || seenLit.has(k)) continue;
      seenLit.add(k);
      push(literals, l.value, { ...l, ...commit });
    }
  }
  return { headings, literals };
}

type Removed = Pick<ContentRemoval, "file" | "value" | "kind" | "to">;

interface CommitScan {
  removedHeadings: Removed[];
  /** `file\0normalized heading` added in the commit. */
  addedHeadings: Set<string>;
  /** Normalized heading → the documents the commit added it to. */
  headingFiles: Map<string, string[]>;
  removedLiterals: Removed[];
  /** The added lines of each code hunk, with its file: their literals are looked up only when the commit removed one. */
  addedCode: { file: string; lines: string[] }[];
}

/** Every literal the commit's code hunks added. */
function addedLiteralsOf(c: CommitScan): Set<string> {
  const out = new Set<string>();
  for (const plus of c.addedCode) for (const line of plus.lines) for (const v of literalsIn(line, plus.file)) out.add(v);
  return out;
}

interface Hunk {
  /** Old side: first line and count. */
  start: number;
  count: number;
  minus: string[];
  plus: string[];
}

/** One commit's patch: removed and added lines per hunk of each file in scope. */
function scanCommit(patch: string, keep: Keep): CommitScan {
  const c: CommitScan = { removedHeadings: [], addedHeadings: new Set(), headingFiles: new Map(), removedLiterals: [], addedCode: [] };
  const at = new DiffCursor();
  let kind: "doc" | "code" | null = null;
  let hunks: Hunk[] = [];
  let hunk: Hunk | null = null;
  const removedHere = () => !keep.removedIn || [at.newPath, at.oldPath].some((p) => p !== null && keep.removedIn!(p));
  const flushFile = () => {
    if (kind === "doc" && at.newPath !== null) docHunks(at.newPath, hunks, c, removedHere());
    else if (kind === "code") {
      const removed = removedHere();
      for (const h of hunks) codeHunk(at.newPath ?? at.oldPath ?? "", h.minus, h.plus, c, removed);
    }
    hunks = [];
    hunk = null;
  };
  for (const line of patch.split("\n")) {
    if (line.startsWith("diff --git ")) flushFile();
    const step = at.step(line);
    if (step === "file") kind = null;
    else if (step === "rename" || step === "paths") {
      const p = at.newPath ?? at.oldPath;
      kind = p === null ? null : isMarkdownPath(p) ? (keep.doc(p) ? "doc" : null) : keep.code(p) ? "code" : null;
    } else if (step === "hunk") {
      const r = oldRange(line);
      hunk = r && kind !== null ? { ...r, minus: [], plus: [] } : null;
      if (hunk) hunks.push(hunk);
    } else if (step === "removed") hunk?.minus.push(line.slice(1));
    else if (step === "added") hunk?.plus.push(line.slice(1));
  }
  flushFile();
  return c;
}

/**
 * Headings one document's hunks removed. A heading line replaced one for one
 * by a heading of the same depth is a rename only when the section's body
 * stayed (the two lines after it are unchanged): a rewritten section whose
 * new heading lands on the old one's line is a removal.
 */
function docHunks(file: string, hunks: Hunk[], c: CommitScan, removed: boolean): void {
  hunks.forEach((h, n) => {
    const plus = outsideFences(h.plus);
    const minus = outsideFences(h.minus);
    for (const line of plus) {
      const added = line === null ? null : headingIn(line);
      if (added === null) continue;
      const norm = normalizeHeading(added.text);
      const k = `${file}\0${norm}`;
      if (c.addedHeadings.has(k)) continue;
      c.addedHeadings.add(k);
      const files = c.headingFiles.get(norm);
      if (files) files.push(file);
      else c.headingFiles.set(norm, [file]);
    }
    if (!removed) return;
    const next = hunks[n + 1];
    const nextChange = next === undefined ? Infinity : next.count === 0 ? next.start + 1 : next.start;
    const bodyKept = nextChange > h.start + h.count + 1;
    minus.forEach((line, i) => {
      const gone = line === null ? null : headingIn(line);
      if (gone === null) return;
      const next = plus[i];
      const to = bodyKept && h.minus.length === h.plus.length && i === h.minus.length - 1 && typeof next === "string" ? headingIn(next) : null;
      const renamed = to !== null && to.depth === gone.depth && normalizeHeading(to.text) !== normalizeHeading(gone.text);
      c.removedHeadings.push(renamed ? { file, value: gone.text, kind: "renamed", to: to.text } : { file, value: gone.text, kind: "removed" });
    });
  });
}

/**
 * The lines of a hunk with those inside a fenced block (seen opening in the
 * hunk) as null: a `# comment` in a removed shell block is no heading. A hunk
 * that starts inside a fence is not known to, and is read as prose.
 */
function outsideFences(lines: string[]): (string | null)[] {
  let fence: string | null = null;
  return lines.map((line) => {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === null) {
      if (m) fence = m[1];
      return m ? null : line;
    }
    if (m && m[1][0] === fence[0] && m[1].length >= fence.length && line.trim() === m[1]) fence = null;
    return null;
  });
}

/** Literals a hunk removed; a line replaced by the same line with one literal changed is a rename. */
function codeHunk(file: string, minus: string[], plus: string[], c: CommitScan, removed: boolean): void {
  if (plus.length > 0) c.addedCode.push({ file, lines: plus });
  if (!removed) return;
  const renames = new Map<string, string>();
  if (minus.length === plus.length) {
    minus.forEach((line, i) => {
      const r = renamedLiteral(line, plus[i], file);
      if (r && r.from.trim() && r.to.trim() && !renames.has(r.from)) renames.set(r.from, r.to);
    });
  }
  for (const line of minus) {
    for (const v of literalsIn(line, file)) {
      const to = renames.get(v);
      c.removedLiterals.push(to === undefined ? { file, value: v, kind: "removed" } : { file, value: v, kind: "renamed", to });
    }
  }
}

function push(map: Map<string, ContentRemoval[]>, key: string, r: ContentRemoval): void {
  const list = map.get(key);
  if (list) list.push(r);
  else map.set(key, [r]);
}
