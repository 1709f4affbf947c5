/**
 * The pipeline (docs/ARCHITECTURE.md): discover → read → link → (emit plan) → check → report.
 * Each stage is a plain function; this module only wires them (the rules run in
 * compiler/rules/runner.ts, with their severities). Writing belongs to build.ts.
 */
import { statSync } from "./util/input-fs.js";
import { DocpactError } from "./util/errors.js";
import { runRules, withEvidence } from "./rules/runner.js";
import { emptySurface } from "./model/cli.js";
import { loadConfig, type ResolvedConfig } from "./config/resolve.js";
import { assertPatternsMatch, discover, type Discovered, type Workspace } from "./discover.js";
import { planOutputs } from "./emit/index.js";
import type { EmitPlan } from "./emit/plan.js";
import { generatedFilesOnDisk } from "./readers/generated-files.js";
import { loadTemplates } from "./readers/templates.js";
import { packagePath } from "./util/package-root.js";
import { link } from "./link.js";
import { readInstances } from "./readers/schema-instances.js";
import { readSites } from "./readers/sites/index.js";
import { repositoryGitignore } from "./readers/sites/gitignore.js";
import { readSkills } from "./readers/skills/index.js";
import { readPackages } from "./readers/packages.js";
import { type BinOwners, binOwners, type OwnerPackages } from "./model/bin-owners.js";
import { manifestFiles } from "./util/package-manifest.js";
import { readVocabularyDeclarations } from "./readers/vocabulary-declarations.js";
import type { Diagnostic, NotJudged } from "./model/diagnostic.js";
import type { BinClosure, InputProblem, MarkdownDoc } from "./model/types.js";
import type { ContractModel } from "./model/contract-model.js";
import { isProblem, joinReads, markdownKey, markdownOptions, readDocs, readSchemas, readSource } from "./read.js";
import { openCache, type ReadCache } from "./cache/cache.js";
import { contentHash } from "./cache/hash.js";
import { applySuppressions } from "./suppress.js";
import { unoptimized } from "./util/optimizations.js";
import { decodeSource, type SourceText } from "./util/text.js";
import type { CodeFacts } from "./readers/code.js";
import type { DecisionRegistry, RowFolder } from "./model/decisions.js";
import { rules as allRules, ruleIds, type RuleId } from "./rules/index.js";
import { readGitHistory } from "./git/history.js";
import { historyScope, readContentHistoryOf } from "./git/content-history.js";
import { joinCaps, type HistoryAsk, type HistoryCap } from "./model/history.js";
import { beginGitRun, gitCallCount } from "./git/run.js";
import { filesOutsideSparseCheckout } from "./git/sparse.js";
import { gitMemoOf } from "./git/memo.js";
import type { Rule } from "./rules/types.js";
import { ruleMemo } from "./rules/incremental.js";
import { coverageOf, modelMentions, type CoverageSummary, type JudgedMention, type Mention } from "./model/mentions.js";
import { termMentions } from "./model/term-mentions.js";

export interface PipelineOptions {
  root: string;
  configPath?: string;
  /** Rules to leave out (build skips the staleness rules it is about to make true). */
  skipRules?: RuleId[];
  /** The rules to run; default the whole catalogue (the rule tester runs one). */
  rules?: readonly Rule[];
  /** Regions edited by hand are overwritten (build --force). */
  force?: boolean;
  /** Parsed-input cache; default a fresh one per run, disk-backed when `<root>/node_modules` exists. */
  cache?: ReadCache;
  /** Write the parsed-input cache back to disk (build only: check never writes). */
  persistCache?: boolean;
  /** Leave flushing the cache to the caller (build, which adds the documents it rewrites). */
  deferFlush?: boolean;
  /**
   * The caller writes the planned documents next (build): a planned document
   * parsed for its anchors is parsed as the Markdown reader would read it
   * once written, and its whole reader output cached under that key, so
   * reading it after the write parses nothing.
   */
  writesPlan?: boolean;
  /** Keep TypeScript syntax trees after reading (a long-lived process: an edit re-parses one file); default: when the caller owns the cache. */
  keepTrees?: boolean;
  /** Told what the run is doing, for progress output. */
  onPhase?: (phase: string) => void;
  /**
   * Root-relative paths (files or folders) changed since the previous run with
   * the same `cache`, from file events (watch); with a cache that has a
   * session, everything else is taken from that run instead of walked and read
   * again. Undefined: not known, everything is walked and read.
   */
  changes?: readonly string[];
  /** `--no-error-on-unmatched-pattern`: a config pattern that matches no file is not an error. */
  allowUnmatchedPatterns?: boolean;
}

export interface PipelineResult {
  config: ResolvedConfig;
  discovered: Discovered;
  model: ContractModel;
  plan: EmitPlan;
  diagnostics: Diagnostic[];
  /** Places rules chose not to judge (sorted); see NotJudged. */
  notJudged: NotJudged[];
  /** Documented mentions found, judged and not judged, per kind (compiler/model/mentions.ts). */
  coverage: CoverageSummary;
  /** The caps git's logs reached this run (the history goes on past them); absent when none was. */
  historyCap?: HistoryCap;
}

export async function runPipeline(opts: PipelineOptions): Promise<PipelineResult> {
  assertRoot(opts.root);
  // One git configuration listing for the run's git calls (compiler/git/run.ts).
  const endGitRun = beginGitRun();
  try {
    return await pipelineOnce(opts);
  } finally {
    endGitRun();
  }
}

async function pipelineOnce(opts: PipelineOptions): Promise<PipelineResult> {
  const timing = stageTimer();
  const cache = opts.cache ?? openCache(opts.root, opts.persistCache ?? false);
  const session = unoptimized() ? undefined : cache.session;
  const config = loadConfig(
    opts.root,
    opts.configPath,
    session && ((kind, dir, key, compute) => session.folderResult(kind, dir, key, opts.changes, compute)),
    ruleIds,
  );
  cache.beginRun();
  cache.session?.begin(opts.changes, JSON.stringify(config));
  const discovered = discover(opts.root, config, cache.session);
  assertPatternsMatch(discovered.files, config, opts.allowUnmatchedPatterns === true);
  // The path log runs while the inputs are read; the content log (headings and names removed) after the
  // rules, only for findings that ask (the reference path reads all of it here).
  const reference = unoptimized();
  // A caller-owned cache (watch) keeps the logs between runs, read again only when HEAD moves (git/memo.ts).
  const gitMemo = opts.cache && !reference ? gitMemoOf(opts.cache) : undefined;
  gitMemo?.beginRun();
  const historyRead = readGitHistory(opts.root, reference ? historyScope(config, discovered) : undefined, {}, gitMemo);
  opts.onPhase?.(`reading ${discovered.docs.length} docs`);
  // The packages first: what else runs a binary (`npx @scope/cli`, `node ./bin/cli.js`) is part of reading the documents.
  const packages = readPackages(opts.root, discovered.files);
  const docsRead = await readDocs(opts.root, discovered.docs, config, cache, packages);
  opts.onPhase?.(`reading ${discovered.schemas.length} schemas`);
  const schemaRead = readSchemas(opts.root, discovered.schemas, cache, config.limits);
  const schemas = schemaRead.schemas;
  opts.onPhase?.(`reading ${discovered.code.length} code files`);
  const codeRead = codeHash(cache, opts.root, discovered.code, config);
  // Code texts stay out of the model's texts (documents and schemas only); their problems join the rest.
  const read = joinReads(docsRead, schemaRead, { texts: new Map(), sources: new Map(), readProblems: codeRead.problems });
  const readable = discovered.code.filter((f) => codeRead.texts.has(f));
  // A caller-owned cache means a long-lived process (watch): keep syntax trees, so an edit re-parses one file.
  const code = await cachedCode(
    cache,
    opts.root,
    readable,
    config,
    codeRead,
    opts.keepTrees ?? opts.cache !== undefined,
    entriesOf(discovered, packages),
    discovered.workspace ?? null,
  );
  opts.onPhase?.("checking");
  timing.lap("read");
  const decisions = await cachedDecisions(cache, opts.root, config, codeRead, docsRead.sources);
  timing.lap("decisions");
  const instances = readInstances(opts.root, config, discovered.files);
  const generatedOnDisk = config.generate ? generatedFilesOnDisk(opts.root, config.generate.outDir, cache.session) : {};
  timing.lap("instances");
  const history = await historyRead;
  timing.lap("git (wait)");
  const frontMatters = new Map(docsRead.docs.map((d) => [d.file, d.frontMatter]));
  const sites = await readSites(opts.root, config, discovered.docs, discovered.files, (f) => frontMatters.get(f) ?? null);
  const vocabularyDeclarations = readVocabularyDeclarations(opts.root, config);
  const skills = readSkills(opts.root, discovered.files, read.docs, read.texts, config.cli.binaries);
  const model = link({
    root: opts.root,
    config,
    discovered,
    read,
    schemas,
    instances,
    generatedOnDisk,
    code,
    decisions,
    history,
    sites,
    vocabularyDeclarations,
    skills,
    packages,
    gitignored: repositoryGitignore(opts.root, discovered.files),
    sparseFiles: filesOutsideSparseCheckout(opts.root).filter((f) => !/(^|\/)node_modules\//.test(f)),
  });
  timing.lap("link");
  const needsSources = model.docs.some((d) => d.regions.some((r) => r.args.source?.startsWith("module:")));
  const templates = model.docs.some((d) => d.regions.length > 0)
    ? loadTemplates(packagePath("templates"), opts.root, config.templates, config.limits?.maxFileBytes)
    : undefined;
  const plan = await planOutputs(model, {
    catalogue: allRules.map((r) => r.meta),
    ...(templates ? { templates } : {}),
    force: opts.force ?? false,
    ...(needsSources ? { sources: (await import("./readers/source-host.js")).diskSourceHost(opts.root, codeRead.texts) } : {}),
    memo: (key, compute) => cache.cachedReadAsync("schema-module", key, compute),
    regionMemo: { get: (key) => cache.peek<string>("region", key), set: (key, content) => cache.put("region", key, content) },
  });
  if (plan.documents.length > 0) model.planned = await plannedAnchors(plan, config, model, cache, opts.writesPlan === true);
  timing.lap("emit");
  const notJudged: NotJudged[] = [];
  const judged: JudgedMention[] = [];
  // Per-document rule results pay only when a later run can reuse them (build persists them, a caller-owned cache
  // lives on) or an earlier run left some: a cold check skips their keys (the references digest alone hashed every
  // document's anchors, parsing every rewritten document's planned headings for it). The reference path runs every
  // rule on the whole model.
  const memoPays = !reference && (opts.cache !== undefined || opts.persistCache === true || cache.has("rule-doc"));
  const memo = memoPays ? ruleMemo({ peek: (key) => cache.peek("rule-doc", key), put: (key, value) => cache.put("rule-doc", key, value) }) : undefined;
  const rules = opts.rules ?? allRules;
  let contentCap: HistoryCap | undefined;
  const asks = new Map<string, HistoryAsk[]>();
  const askedIn = new Map<string, Set<string>>();
  let found = runRules(model, plan, rules, opts.skipRules ?? [], notJudged, memo, model.history && !model.history.headings ? asks : undefined, judged, askedIn);
  timing.lap("rules");
  if (asks.size > 0) {
    found = await withEvidence(
      model,
      plan,
      rules.filter((r) => asks.has(r.meta.id) || (r.meta.historyWith ?? []).some((id) => asks.has(id))),
      asks,
      found,
      notJudged,
      judged,
      memo,
      async (wanted) => {
        const content = await readContentHistoryOf(opts.root, historyScope(config, discovered), wanted, undefined, gitMemo);
        contentCap = content?.capped;
        return content;
      },
      askedIn,
    );
    timing.lap("git evidence");
  }
  const diagnostics = applySuppressions(found, model.docs, {
    settings: config.rules,
    skip: opts.skipRules ?? [],
  });
  // Term mentions are kept per document where rule results are (a watch save finds the edited file's alone).
  const termMemo = memoPays
    ? { get: (key: string) => cache.peek<Mention[]>("term-mentions", key), set: (key: string, m: Mention[]) => cache.put("term-mentions", key, m) }
    : undefined;
  const coverage = coverageOf([...modelMentions(model), ...termMentions(model, termMemo)], judged, notJudged);
  // After the rules and the term mentions: their per-document results are entries of this run too.
  if (!opts.deferFlush) cache.flush();
  cache.session?.end();
  timing.done();
  const historyCap = joinCaps(model.history?.capped, contentCap);
  return { config, discovered, model, plan, diagnostics, notJudged, coverage, ...(historyCap ? { historyCap } : {}) };
}

/**
 * One hash over every code file's content and the config, noting each file's
 * hash for watch; null when a file cannot be read (then nothing is cached).
 * The texts go on to the code reader, so each file is read once.
 */
function codeHash(
  cache: ReadCache,
  root: string,
  files: string[],
  config: ResolvedConfig,
): { hash: string | null; texts: Map<string, string>; problems: InputProblem[] } {
  const parts = [JSON.stringify(config)];
  const texts = new Map<string, string>();
  const problems: InputProblem[] = [];
  let hash = true;
  const session = cache.session;
  type CodeRead = { problem: InputProblem } | { text: string; hash: string };
  for (const f of files) {
    let read = session?.unchanged<CodeRead>("code", f);
    if (read === undefined) {
      const src = readSource(root, f);
      read = isProblem(src) ? { problem: src } : { text: src.text, hash: contentHash(src.text) };
      session?.remember("code", f, read);
    }
    // An unreadable file is input/unreadable (not a syntax warning) and makes the run uncacheable.
    if ("problem" in read) {
      problems.push(read.problem);
      hash = false;
      continue;
    }
    texts.set(f, read.text);
    cache.noteFile(f, read.hash);
    parts.push(f, read.hash);
  }
  return { hash: hash ? contentHash(...parts) : null, texts, problems };
}

/** The code facts of the whole code base, cached under the hash of every file and the config. */
async function cachedCode(
  cache: ReadCache,
  root: string,
  files: string[],
  config: ResolvedConfig,
  read: ReturnType<typeof codeHash>,
  keepTrees: boolean,
  entries: BinEntries | null,
  workspace: Workspace | null,
): Promise<CodeFacts> {
  const compute = () => readCodeLazily(root, files, config, read.texts, keepTrees, entries, workspace);
  if (files.length === 0 || read.hash === null) return compute();
  // Which files are each binary's splits the surface by program (readers/cli/binary-surfaces.ts); the packages bare
  // imports resolve to are values the evaluator reads.
  const key = contentHash(read.hash, entries?.key ?? "", workspace?.key ?? "");
  return cache.cachedReadAsync("code", key, compute);
}

/** What tells the binaries' code apart (model/bin-owners.ts), with the key it is cached by; null for fewer than two binaries followed. */
interface BinEntries {
  closures: readonly BinClosure[];
  owners: BinOwners;
  key: string;
}

function entriesOf(discovered: Discovered, packages: OwnerPackages | null): BinEntries | null {
  const closures = discovered.binClosures ?? [];
  if (closures.length < 2) return null;
  const bins = (packages?.bins ?? []).map((b) => [b.name, b.manifest]);
  const key = JSON.stringify([closures, manifestFiles(discovered.files), bins, packages?.root?.private === true]);
  return { closures, owners: binOwners(closures, discovered.files, packages), key };
}

/** The decision registry; its folding (ts-morph) is cached under the code hash and the registry module's text. */
async function cachedDecisions(
  cache: ReadCache,
  root: string,
  config: ResolvedConfig,
  read: ReturnType<typeof codeHash>,
  docs: ReadonlyMap<string, SourceText>,
): Promise<DecisionRegistry | null> {
  if (!config.decisions) return null;
  const { readDecisions } = await import("./model/decisions.js");
  const cfg = config.decisions;
  const { diskSourceHost } = await import("./readers/source-host.js");
  const disk = diskSourceHost(root, read.texts);
  // Row documents the docs reader read are not read again (a watch re-check would read every one): the file's text as read, BOM included.
  const host = {
    read(rel: string) {
      const doc = read.texts.has(rel) ? undefined : docs.get(rel);
      return doc ? (doc.bom ? `\uFEFF${doc.text}` : doc.text) : disk.read(rel);
    },
  };
  // Files the evaluation read besides the code files (JSON modules, modules outside `code`): a cached result holds only while they are unchanged.
  const deps = new Map<string, string | null>();
  const recording = {
    read(rel: string) {
      const t = host.read(rel);
      if (!read.texts.has(rel)) deps.set(rel, t === undefined ? null : contentHash(t));
      return t;
    },
  };
  const fold: RowFolder = async () => (await import("./readers/constant-folder.js")).foldArrayRows(root, cfg.module, cfg.export, recording);
  const src = read.texts.get(cfg.module) ?? sourceText(root, cfg.module);
  if (read.hash === null || src === null) return readDecisions(config, host, fold);
  const key = contentHash(read.hash, cfg.module, src, JSON.stringify(cfg));
  type Cached = { rows: Awaited<ReturnType<RowFolder>>; deps: [string, string | null][] };
  const cached: RowFolder = async () => {
    const hit = cache.peek<Cached>("decision-rows", key);
    if (
      hit &&
      Array.isArray(hit.deps) &&
      hit.deps.every(([rel, h]) => {
        const t = host.read(rel);
        return (t === undefined ? null : contentHash(t)) === h;
      })
    )
      return hit.rows;
    const rows = await fold();
    cache.put("decision-rows", key, { rows, deps: [...deps] } satisfies Cached);
    return rows;
  };
  return readDecisions(config, host, cached);
}

/**
/**
 * Headings and anchors of the documents build rewrites, from the text it would write; each
 * parsed on first use (only fragments into it need them), and cached by that text, so a
 * re-check (watch) parses only the documents whose planned text changed. A document whose
 * rewritten regions, old and new, can hold no heading or anchor keeps its own (their ids are
 * all that is used).
 */
async function plannedAnchors(
  plan: EmitPlan,
  config: ResolvedConfig,
  model: ContractModel,
  cache: ReadCache,
  written: boolean,
): Promise<NonNullable<ContractModel["planned"]>> {
  const { readMarkdown } = await import("./readers/markdown.js");
  const { mayShapeHeadings } = await import("./readers/markdown-syntax.js");
  const opts = markdownOptions(config, model.packages);
  const optsKey = JSON.stringify(opts);
  type Anchors = { headings: MarkdownDoc["headings"]; anchors: MarkdownDoc["anchors"] };
  const texts = new Map(plan.documents.map((d) => [d.path, d.content]));
  const current = new Map(model.docs.map((d) => [d.file, d]));
  const parsed = new Map<string, Anchors>();
  const reference = unoptimized();
  // Files with a rewritten region that could add, drop or move a heading (one pass over the regions, not one per file).
  const shaping = new Set(
    plan.regions.filter((r) => r.status !== "fresh" && (mayShapeHeadings(r.current) || mayShapeHeadings(r.expected ?? ""))).map((r) => r.file),
  );
  const inert = (file: string) => !reference && !shaping.has(file);
  return {
    get(file) {
      const raw = texts.get(file);
      if (raw === undefined) return undefined;
      let v = parsed.get(file);
      if (!v) {
        const doc = current.get(file);
        // The document itself (not a copy): digests kept per object (compiler/model/digests.ts) then hold across re-checks.
        if (doc && inert(file)) v = doc;
        else if (written && !reference) {
          // Build: the document as readDocs will read it from disk (same text, BOM and key), parsed once for both.
          const src = decodeSource(raw);
          v = cache.cachedRead<MarkdownDoc>("markdown", markdownKey(file, src, optsKey), () => readMarkdown(file, src.text, { ...opts, bom: src.bom }));
        } else {
          const text = raw.replace(/^\uFEFF/, "");
          v = cache.cachedRead<Anchors>("planned-anchors", contentHash(file, text, optsKey), () => {
            const planned = readMarkdown(file, text, opts);
            return { headings: planned.headings, anchors: planned.anchors };
          });
        }
        parsed.set(file, v);
      }
      return v;
    },
  };
}

function sourceText(root: string, file: string): string | null {
  const src = readSource(root, file);
  return isProblem(src) ? null : src.text;
}

function assertRoot(root: string): void {
  let ok = false;
  try {
    ok = statSync(root).isDirectory();
  } catch {
    ok = false;
  }
  if (!ok) throw new DocpactError(`root is not a directory: ${root}`);
}

async function readCodeLazily(
  root: string,
  files: string[],
  config: ResolvedConfig,
  texts: ReadonlyMap<string, string>,
  keepTrees: boolean,
  entries: BinEntries | null,
  workspace: Workspace | null,
): Promise<CodeFacts> {
  if (files.length === 0) return { surface: emptySurface(), problems: [], vocabularies: [], identifiers: [], identifierVersions: {}, defaultExports: [] };
  // ts-morph is the heaviest module docpact loads; only projects with code pay for it.
  const { readCode } = await import("./readers/code.js");
  if (keepTrees) (await import("./readers/code-source.js")).keepParses(files.length);
  // Values folded for an earlier run may come from files that changed since (watch).
  (await import("./readers/constant-folder.js")).resetEvaluators();
  const facts = readCode(root, files, config.cli, texts, entries, workspace?.resolve ?? null);
  // Parsed syntax trees are the largest thing docpact holds; the few files folding needs later are parsed again.
  if (!keepTrees) (await import("./readers/code-source.js")).clearParseCache();
  return facts;
}

/**
 * `DOCPACT_TIMING=1` prints how long each stage (and each rule) took to
 * stderr: the first thing to look at when a project checks slowly.
 */
export function stageTimer(label = "docpact"): { lap(stage: string): void; done(): void } {
  const on = process.env.DOCPACT_TIMING === "1";
  const laps: string[] = [];
  const memory: string[] = [];
  let last = performance.now();
  return {
    lap(stage) {
      if (!on) return;
      const now = performance.now();
      laps.push(`${stage} ${Math.round(now - last)} ms`);
      memory.push(`${stage} ${memoryNow()}`);
      last = now;
    },
    done() {
      if (!on) return;
      process.stderr.write(`${label} timing: ${laps.join(", ")}; git calls so far ${gitCallCount()}\n`);
      process.stderr.write(`${label} memory (after each stage): ${memory.join(", ")}\n`);
    },
  };
}

/** Resident set and live heap now, in MB; `node --expose-gc` makes the heap figure exclude garbage. */
export function memoryNow(): string {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return `rss ${Math.round(m.rss / 1048576)} MB heap ${Math.round(m.heapUsed / 1048576)} MB`;
}

export { runRules };
