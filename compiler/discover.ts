/** Discover: turns the config's globs into sorted lists of files relative to the root. */
import { ignoreGlobs } from "./util/ignored.js";
import { existsSync, readHead } from "./util/input-fs.js";
import { type BareResolver, bundledSources, entryClosure, entrySource, importSpecifiers, isNodeScript, workspaceResolver } from "./discover-entry.js";
import { guardedRead } from "./util/guarded-read.js";
import { binFile, byBinPreference, manifestFiles, readManifest, readWorkspaceManifest, type WorkspaceManifest } from "./util/package-manifest.js";
import { dirname, join, posix, relative } from "node:path";
import { globListMatcher, isNegated } from "./util/globs.js";
import type { ResolvedConfig } from "./config/types.js";
import { reallyInside, updateTree, walkTree, type OddEntry } from "./discover-tree.js";
import type { ReadSession } from "./cache/session.js";
import { inputMatcher, isTsSource, leavesRoot } from "./config/ownership.js";
import type { BinClosure, InputProblem } from "./model/types.js";
import { DocpactError } from "./util/errors.js";
import { toPosix } from "./util/text.js";
import { weakMemo } from "./util/memo.js";

export interface Discovered {
  docs: string[];
  schemas: string[];
  code: string[];
  /** Every file under the root (outside the never-read folders), for reference checks. */
  files: string[];
  /** Inputs that matched the config but are not read (links, special files, unreadable folders): `input/*` diagnostics. */
  refused: InputProblem[];
  /** Each package.json binary followed from its entry: the source files its relative imports reach (the entry first), sorted by name. */
  binClosures?: BinClosure[];
  /** How the closures resolved bare imports to the project's own packages, and the key of the package.json files read for it (only when a binary was followed). */
  workspace?: Workspace;
}

/** Bare specifiers resolved to the project's own packages (discover-entry.ts `workspaceResolver`), with the key of what it read. */
export interface Workspace {
  key: string;
  resolve: BareResolver;
}

export function ignoredDirs(config: ResolvedConfig): string[] {
  return ignoreGlobs(config.generate?.outDir ?? null);
}

/** With a watch session that knows what changed, only the changed folders are walked again. */
export function discover(root: string, config: ResolvedConfig, session?: ReadSession): Discovered {
  const ignore = ignoredDirs(config);
  const outDir = config.generate?.outDir;
  const skip = (d: string) => d === outDir || d === "node_modules" || d.endsWith("/node_modules");
  const changes = session?.changes ?? null;
  const tree = session?.tree && changes ? updateTree(root, session.tree, changes, skip) : walkTree(root, skip);
  if (session) session.tree = tree;
  const files = tree.files;
  const all = new Set(files);
  // Globs are matched against the one walk of the tree, not by walking the disk again per glob.
  const match = (patterns: string[], extraIgnore: string[] = []) => matchFiles(files, patterns, [...ignore, ...extraIgnore]);
  const docs = match(config.docs);
  const schemas = match(config.schemas);
  const refused = refusedInputs(tree.odd, config);
  const { code, closures, workspace } = discoverCode(root, config, match, refused, all, session && { session, files });
  // A link to a file inside the root (`packages/x/LICENSE -> ../../LICENSE`) is a path that exists: a reference to it is
  // not broken. It stays out of the globs above (its target is read under its own path).
  const aliases = tree.odd.filter((e) => e.kind === "link" && !e.dir && !e.code && e.target !== undefined && all.has(e.target)).map((e) => e.path);
  return {
    docs,
    schemas,
    code,
    files: aliases.length > 0 ? [...new Set([...files, ...aliases])].sort() : files,
    refused,
    ...(closures.length > 0 ? { binClosures: closures } : {}),
    ...(workspace ? { workspace } : {}),
  };
}

/** The links, special files and unreadable folders that an input glob would have read. */
function refusedInputs(odd: OddEntry[], config: ResolvedConfig): InputProblem[] {
  if (odd.length === 0) return [];
  const wantedFile = inputMatcher(config);
  // A link to a folder matters when an input glob could match a file below it.
  const wanted = (e: OddEntry) => (e.dir ? ["x.md", "x.schema.json", "x.json", "x.ts"].some((n) => wantedFile(`${e.path}/${n}`)) : wantedFile(e.path));
  const out: InputProblem[] = [];
  for (const e of odd) {
    const span = { file: e.path, line: 1, column: 1, endLine: 1, endColumn: 1 };
    if (e.kind === "unreadable-dir") {
      out.push({ span: { ...span, file: e.path || "." }, message: `folder ${e.path || "."} cannot be read (${e.code}); nothing in it is checked` });
    } else if (!wanted(e)) {
      continue;
    } else if (e.kind === "link-outside") {
      out.push({
        kind: "outside-root",
        span,
        message: `${e.path} is a symbolic link to a ${e.dir ? "folder" : "file"} outside the root; docpact reads only inside the root, so it is not read`,
      });
    } else if (e.kind === "link" && e.code) {
      out.push({ span, message: `${e.path} is a broken symbolic link (${e.code}); not read` });
    } else if (e.kind === "link" && !e.dir && e.target !== undefined && wantedFile(e.target)) {
      continue; // an alias (CLAUDE.md -> AGENTS.md): what it points at is read under its own path
    } else if (e.kind === "link" && e.dir && e.target !== undefined && wanted({ ...e, path: e.target })) {
      continue; // a folder alias inside the root (a fixture's `linked -> shared`): its files are read under the folder's own path
    } else if (e.kind === "link") {
      out.push({
        kind: "special-file",
        span,
        message: `${e.path} is a symbolic link; docpact does not follow links, so it is not read (what it points at is read under its own path when a glob matches it)`,
      });
    } else {
      out.push({ kind: "special-file", span, message: `${e.path} is not a regular file (a FIFO, socket or device); not read` });
    }
  }
  return out;
}

type Match = (patterns: string[], extraIgnore?: string[]) => string[];

/** The files (root-relative, sorted) that match `patterns` and no `ignore` pattern, as a glob over the tree would list them. */
export function matchFiles(files: readonly string[], patterns: string[], ignore: string[]): string[] {
  if (patterns.length === 0) return [];
  // A watch re-check whose edit added or removed no file walks to the same list: its matches are the last ones.
  const key = JSON.stringify([patterns, ignore]);
  let byGlobs = matched.get(files);
  if (!byGlobs) matched.set(files, (byGlobs = new Map()));
  let hit = byGlobs.get(key);
  if (!hit) byGlobs.set(key, (hit = matchNow(files, patterns, ignore)));
  return [...hit];
}

const matched = weakMemo<readonly string[], Map<string, string[]>>("discover#matched");

/**
 * The first pattern written in the config (docs, schemas, code.include, instances) that matches no
 * file docpact may read, as `{ key, pattern }`: a typo there would otherwise pass as "0 docs".
 * Negated patterns only take away and are never reported.
 */
export function unmatchedPattern(files: readonly string[], config: ResolvedConfig): { key: string; pattern: string } | null {
  const ignore = ignoredDirs(config);
  for (const { key, patterns } of config.writtenGlobs ?? []) {
    for (const pattern of patterns) {
      if (!isNegated(pattern) && matchFiles(files, [pattern], ignore).length === 0) return { key, pattern };
    }
  }
  return null;
}

/** Throws the config error for an unmatched pattern, unless the config or the caller allows them. */
export function assertPatternsMatch(files: readonly string[], config: ResolvedConfig, allow: boolean): void {
  if (allow || config.errorOnUnmatchedPattern === false) return;
  const miss = unmatchedPattern(files, config);
  if (!miss) return;
  throw new DocpactError(
    `${config.file ?? "config"}: ${miss.key}: no file matches the pattern "${miss.pattern}" (pass --no-error-on-unmatched-pattern, or set "errorOnUnmatchedPattern": false, to allow it)`,
  );
}

function matchNow(files: readonly string[], patterns: string[], ignore: string[]): string[] {
  const wanted = globListMatcher(patterns);
  const ignored = globListMatcher(ignore, { dot: true });
  return files.filter((f) => wanted(f) && !ignored(f));
}

/** A watch session and the tree's file list this run (the same array while no file was added or removed). */
interface Walked {
  session: ReadSession;
  files: readonly string[];
}

function discoverCode(
  root: string,
  config: ResolvedConfig,
  match: Match,
  refused: InputProblem[],
  all: ReadonlySet<string>,
  walked?: Walked,
): { code: string[]; closures: BinClosure[]; workspace?: Workspace } {
  const code = config.code;
  // No code configured and no tsconfig: a plain-JS CLI is still read from its entry point (an explicit empty `include` reads none).
  if (code.kind === "none") return code.bins ? withBinSources(root, [], config, refused, all, walked) : { code: [], closures: [] };
  // An include glob that names JavaScript means it: plain-JS CLIs (`bin/cli.mjs`) are read like TypeScript.
  const files =
    code.kind === "include" ? match(code.include).filter((f) => isTsSource(f) || isJsSource(f)) : tsconfigFiles(root, code.tsconfig, match, refused);
  return withBinSources(root, files, config, refused, all, walked);
}

const fileSpan = (file: string) => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });

/** The session's kind for each bin-closure file's relative specifiers. */
const BIN_SPECIFIERS = "bin-specifiers";
/** The session's kind for each bin entry's closure, with the file list it was resolved against. */
const BIN_CLOSURE = "bin-closure";
/** The session's kind for each package.json as the closures' bare-specifier resolution reads it. */
const BIN_MANIFEST = "bin-manifest";

const isJsSource = (f: string) => /\.(js|jsx|mjs|cjs)$/.test(f) && !/\.min\.js$/.test(f);
/** Folders a package's `bin` points into when it is build output, not source. */
const BUILD_OUTPUT = /^(dist|build|out|lib)\//;

/**
 * The code a binary's CLI is read from, whatever the tsconfig or globs
 * include: each package.json `bin` file (or the source of the build output it
 * names, `dist/cli.js` → `src/cli.ts`; an extensionless script with a node
 * shebang too) and every source file it reaches by relative imports and
 * requires, and by imports of the project's own packages by name (a
 * monorepo's `@scope/run`: that package's source; readers/cli/entry.ts). A plain-JS CLI beside a TypeScript
 * project, or a `lib/cli.js` a tsconfig without `allowJs` leaves out, is read
 * this way from its entry point.
 */
function withBinSources(
  root: string,
  files: string[],
  config: ResolvedConfig,
  refused: InputProblem[],
  all: ReadonlySet<string>,
  walked?: Walked,
): { code: string[]; closures: BinClosure[]; workspace?: Workspace } {
  const session = walked?.session;
  const bins: { name: string; rel: string; shown: string; manifest: string }[] = [];
  for (const [name, b] of Object.entries(config.packageJson?.bin ?? {})) bins.push({ name, rel: toPosix(b), shown: b, manifest: "package.json" });
  // A binary the config checks that a workspace package declares (`packages/vuepress/package.json`): followed from there.
  const rootBins = config.packageJson?.bin ?? {};
  const wanted = config.cli.binaries.filter((n) => !Object.hasOwn(rootBins, n));
  if (wanted.length > 0) {
    const manifests = manifestFiles(all)
      .filter((f) => f !== "package.json")
      .sort(byBinPreference)
      .map((f) => ({ f, bin: undefined as Record<string, string> | undefined }));
    for (const name of wanted) {
      for (const m of manifests) {
        m.bin ??= readManifest(root, m.f)?.bin ?? {};
        const target = m.bin[name];
        if (target === undefined) continue;
        bins.push({ name, rel: binFile(m.f, target), shown: target, manifest: m.f });
        break;
      }
    }
  }
  const have = new Set(files);
  const extra = new Set<string>();
  const read = (rel: string): string => {
    const r = guardedRead(root, join(root, rel), rel);
    return r.ok ? r.text : "";
  };
  // A watch session reads and scans again only the files that changed since its previous run.
  // Binaries that share code (`tool` and its alias, one entry) read and scan each file once.
  const scanned = new Map<string, string[]>();
  const specifiers = (rel: string): string[] => {
    const done = scanned.get(rel);
    if (done) return done;
    let specs = session?.unchanged<string[]>(BIN_SPECIFIERS, rel);
    if (!specs) {
      specs = importSpecifiers(read(rel));
      session?.remember(BIN_SPECIFIERS, rel, specs);
    }
    scanned.set(rel, specs);
    return specs;
  };
  // The project's package.json files as bare imports resolve against them, read once (in watch, again only when changed).
  let workspace: { manifests: WorkspaceManifest[]; key: string; resolve: BareResolver } | undefined;
  const packagesByName = () => {
    if (workspace) return workspace;
    const manifests = manifestFiles(all).map((f): WorkspaceManifest => {
      let m = session?.unchanged<WorkspaceManifest>(BIN_MANIFEST, f);
      if (!m) {
        m = readWorkspaceManifest(root, f);
        session?.remember(BIN_MANIFEST, f, m);
      }
      return m;
    });
    workspace = { manifests, key: JSON.stringify(manifests), resolve: workspaceResolver(manifests, all) };
    return workspace;
  };
  let bundled: Map<string, string> | undefined;
  const closures: BinClosure[] = [];
  for (const b of bins) {
    // A bin that leaves the root (`../sibling/leak.js`, `/etc/passwd`) is said, never read.
    // A workspace target is joined to its package's folder, so an absolute one is checked as written.
    if (leavesRoot(b.rel) || /^(?:[A-Za-z]:|[\\/])/.test(b.shown)) {
      refused.push({ kind: "outside-root", span: fileSpan(b.manifest), message: `${b.manifest} bin ${JSON.stringify(b.shown)} is outside the root; not read` });
      continue;
    }
    const rel = b.rel.replace(/^\.\//, "");
    bundled ??= bundledSources(all, read);
    const entry = binEntry(root, rel, all, bundled);
    if (!entry) continue;
    // The same files listed, none of the closure's changed and the same package.json files: the same closure.
    const kept = session?.unchanged<{ files: readonly string[]; closure: string[]; manifests: string }>(BIN_CLOSURE, entry);
    const closure =
      kept &&
      kept.files === walked?.files &&
      kept.closure.every((f) => session?.unchanged(BIN_SPECIFIERS, f) !== undefined) &&
      kept.manifests === packagesByName().key
        ? kept.closure
        : entryClosure(entry, all, read, specifiers, (spec) => packagesByName().resolve(spec, b.name));
    if (walked) walked.session.remember(BIN_CLOSURE, entry, { files: walked.files, closure, manifests: packagesByName().key });
    for (const f of closure) if (!have.has(f)) extra.add(f);
    const dir = posix.dirname(b.manifest);
    closures.push({ binary: b.name, entry, files: closure, package: dir === "." ? "" : dir });
  }
  closures.sort((a, b) => (a.binary < b.binary ? -1 : a.binary > b.binary ? 1 : 0));
  return {
    code: extra.size === 0 ? files : [...new Set([...files, ...extra])].sort(),
    closures,
    ...(workspace ? { workspace: { key: workspace.key, resolve: workspace.resolve } } : {}),
  };
}

/**
 * The source file a `bin` target stands for: an extensionless node script
 * itself; for build output (`dist/cli.js`) its source (`src/cli.ts`), or the
 * tracked file itself when no source is found (a plain-JS package's `lib/`);
 * otherwise the file, the source a bundler config builds it from
 * (`rollup.config.js`: `input: "lib/cli.js"` for `output.file: "bin/tool"`), or its TypeScript source.
 */
function binEntry(root: string, rel: string, all: ReadonlySet<string>, bundled: ReadonlyMap<string, string>): string | null {
  if (all.has(rel) && isNodeScript(rel, readHead(join(root, rel), 128))) return rel;
  if (BUILD_OUTPUT.test(rel) && all.has(rel)) {
    const others = new Set(all);
    others.delete(rel);
    return entrySource(rel, others, bundled) ?? rel;
  }
  return entrySource(rel, all, bundled);
}

/**
 * Reads the tsconfig's include/exclude/files with a small subset of tsc's
 * rules; loading the TypeScript compiler here would cost more than all else.
 */
function tsconfigFiles(root: string, tsconfig: string, match: Match, refused: InputProblem[]): string[] {
  const file = join(root, tsconfig);
  const cfg = readTsconfig(root, file, new Set(), refused, tsconfig);
  const base = toPosix(relative(root, dirname(file)));
  const prefix = base === "" ? "" : `${base}/`;
  const include = (cfg.include ?? (cfg.files ? [] : ["**/*"])).map((p) => posix.normalize(prefix + expandDir(p)));
  // Confined to the root: a tsconfig that includes code from outside it is refused, like a config glob.
  const outside = include.find(leavesRoot);
  if (outside) throw new DocpactError(`${tsconfig}: include "${outside}" leaves the root; docpact reads only inside the root`);
  const exclude = (cfg.exclude ?? []).map((p) => prefix + expandDir(p));
  const out = new Set(match(include, exclude).filter(isTsSource));
  for (const f of cfg.files ?? []) {
    const rel = toPosix(relative(root, join(dirname(file), f)));
    if (leavesRoot(rel))
      refused.push({ kind: "outside-root", span: fileSpan(tsconfig), message: `${tsconfig} lists ${f} in "files", outside the root; not read` });
    else if (existsSync(join(root, rel)) && isTsSource(rel)) out.add(rel);
  }
  return [...out].sort();
}

interface TsconfigShape {
  include?: string[];
  exclude?: string[];
  files?: string[];
  extends?: string | string[];
}

function readTsconfig(root: string, file: string, seen: Set<string>, refused: InputProblem[], top?: string): TsconfigShape {
  if (seen.has(file)) return {};
  seen.add(file);
  const shown = toPosix(relative(root, file));
  const read = guardedRead(root, file, shown);
  // The project's own tsconfig must be readable (a link to nothing is not "no code"); a base it extends is said and skipped.
  if (!read.ok && top !== undefined) throw new DocpactError(read.kind === "missing" ? `tsconfig not found: ${top}` : `tsconfig ${read.message}`);
  if (!read.ok) {
    const kind = read.kind === "outside-root" || read.kind === "too-large" || read.kind === "special-file" ? read.kind : undefined;
    if (read.kind !== "missing") refused.push({ kind, span: fileSpan(shown), message: read.message });
    return {};
  }
  let cfg: TsconfigShape;
  try {
    cfg = parseJsonc(read.text) as TsconfigShape;
  } catch (e) {
    throw new DocpactError(`cannot read tsconfig ${toPosix(file)}: ${(e as Error).message}`);
  }
  const ext = typeof cfg.extends === "string" ? [cfg.extends] : (cfg.extends ?? []);
  let merged: TsconfigShape = {};
  for (const e of ext) {
    if (!e.startsWith(".")) continue; // package tsconfigs never carry include/exclude for this project
    const target = join(dirname(file), e.endsWith(".json") ? e : `${e}.json`);
    if (!existsSync(target)) continue;
    if (!reallyInside(root, target)) {
      const rel = toPosix(relative(root, file));
      refused.push({ kind: "outside-root", span: fileSpan(rel), message: `${rel} extends ${e}, outside the root; its include/exclude are not read` });
      continue;
    }
    const parent = readTsconfig(root, target, seen, refused);
    // include/exclude/files in a base config are relative to that base config.
    const rebase = (ps?: string[]) => ps?.map((p) => toPosix(relative(dirname(file), join(dirname(target), p))));
    merged = {
      include: rebase(parent.include) ?? merged.include,
      exclude: rebase(parent.exclude) ?? merged.exclude,
      files: rebase(parent.files) ?? merged.files,
    };
  }
  return { include: cfg.include ?? merged.include, exclude: cfg.exclude ?? merged.exclude, files: cfg.files ?? merged.files };
}

function expandDir(p: string): string {
  const clean = p.replace(/^\.\/+/, "").replace(/\/+$/, "");
  if (clean === "" || clean === ".") return "**/*";
  // A pattern without a file part names a folder, as in tsc.
  return /[*?]|\.[a-z]+$/i.test(clean.split("/").pop() ?? "") ? clean : `${clean}/**/*`;
}

/** JSON with comments and trailing commas, as tsconfig allows. */
export function parseJsonc(text: string): unknown {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const start = i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      out += text.slice(start, ++i);
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, "$1"));
}
