/**
 * What `docpact init` finds in a repository, by cheap text scans (no
 * TypeScript parse): binaries, tsconfig, where docs and schemas live, how
 * the code declares commands and reads flags, a likely decision registry.
 * Every finding carries the reason shown to the user.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseJsonc } from "../discover.js";
import { coveringGlobs, exclusionReason, listFiles } from "./scan.js";
import type { SiteGenerator } from "../config/resolve.js";
import { detectSites } from "../readers/sites/index.js";
import { describeSkills } from "./skills.js";

export interface Finding {
  /** What was decided, e.g. `docs`. */
  topic: string;
  /** One line: what was found and why it leads to the config below. */
  reason: string;
}

export interface StarterConfig {
  docs?: string[];
  schemas?: string[];
  code?: { tsconfig: string } | { include: string[] };
  cli?: { binaries?: string[]; commandType?: string; flagAccessors?: string[] };
  sites?: { root: string; generator: SiteGenerator; base?: string; srcDir?: string }[];
  decisions?: { module: string; export: string; idField?: string; documentField?: string; attributionField?: string; documentRoot?: string };
}

export interface Detection {
  config: StarterConfig;
  findings: Finding[];
}

/** At most this many code files are scanned for patterns; enough to see a CLI's conventions. */
const CODE_SCAN_LIMIT = 3000;
const MAX_FILE_CHARS = 200_000;

export function detect(root: string): Detection {
  const files = listFiles(root);
  const config: StarterConfig = {};
  const findings: Finding[] = [];
  const note = (topic: string, reason: string) => findings.push({ topic, reason });

  // ── binaries ──
  const pkg = readJson(join(root, "package.json")) as { name?: unknown; bin?: unknown } | undefined;
  const bins = binNames(pkg);
  // Monorepos: the CLI lives in a workspace package with a `bin` of its own.
  const cliPackages = bins.length > 0 ? [] : workspaceClis(root, files);
  if (bins.length > 0) note("cli.binaries", `package.json "bin" declares ${bins.map((b) => `\`${b}\``).join(", ")}; docpact reads it by default`);
  else if (cliPackages.length > 0) {
    const names = [...new Set(cliPackages.flatMap((p) => p.bins))].sort();
    config.cli = { binaries: names };
    for (const p of cliPackages) note("cli.binaries", `workspace package ${p.dir} declares "bin" ${p.bins.map((b) => `\`${b}\``).join(", ")}`);
  } else note("cli.binaries", "package.json has no \"bin\": set cli.binaries to the names your docs invoke, or invocations are not recognized");

  // ── docs ──
  const md = files.filter((f) => f.toLowerCase().endsWith(".md"));
  proposeGlobs(md, ".md", "docs", "Markdown", config, note);

  // ── documentation sites ──
  const docsInScope = md.filter((f) => exclusionReason(f) === null);
  const sites = detectSites(root, docsInScope, files.filter((f) => exclusionReason(f) === null));
  const owning = sites.filter((s) => docsInScope.some((d) => s.root === "" || d.startsWith(`${s.root}/`) || s.generator === "docusaurus"));
  if (owning.length > 0) {
    config.sites = owning.map((s) => ({ root: s.root === "" ? "." : s.root, generator: s.generator }));
    for (const s of owning) note("sites", `${s.configFile} found: links under ${s.root || "."}/ resolve as ${s.generator} serves them (routes, clean URLs, its heading slugs)`);
  } else {
    note("sites", "no site generator config (VitePress, Docusaurus, MkDocs, Starlight, Nextra, mdBook) found: links resolve as GitHub renders them");
  }

  // ── agent skill bundle ──
  for (const line of describeSkills(root, files)) note("skills", line);

  // ── schemas ──
  const schemas = files.filter((f) => f.endsWith(".schema.json"));
  proposeGlobs(schemas, ".schema.json", "schemas", "schema", config, note);

  // ── code ──
  const tsFiles = files.filter((f) => /\.(ts|tsx|mts|cts)$/.test(f) && !/\.d\.[mc]?ts$/.test(f));
  let codeFiles: string[] = [];
  const rootBinSources = binSources(root, "", pkg);
  if (cliPackages.length > 0) {
    // The CLI packages' own sources, not the shallowest tsconfig (often a docs site's).
    const include: string[] = [];
    for (const p of cliPackages) {
      const mine = [...tsFiles, ...p.binSources].filter((f) => f.startsWith(`${p.dir}/`) && exclusionReason(f) === null);
      const ts = mine.filter((f) => !/\.(js|mjs|cjs)$/.test(f));
      include.push(...coveringGlobs(ts, ".ts"), ...p.binSources);
      codeFiles.push(...mine);
    }
    config.code = { include: [...new Set(include)].sort() };
    note("code", `the CLI sources of ${cliPackages.map((p) => p.dir).join(", ")} (from each package's "bin"), included by glob`);
  } else if (!files.includes("tsconfig.json") && rootBinSources.length > 0 && !tsFiles.some((f) => exclusionReason(f) === null)) {
    // A plain-JavaScript CLI: read the files "bin" points at and their folder.
    const dirs = [...new Set(rootBinSources.map((f) => (f.includes("/") ? f.slice(0, f.lastIndexOf("/") + 1) : "")))];
    const js = files.filter((f) => /\.(js|mjs|cjs)$/.test(f) && exclusionReason(f) === null && dirs.some((d) => d !== "" && f.startsWith(d)));
    codeFiles = [...new Set([...js, ...rootBinSources])].sort();
    config.code = { include: [...new Set([...dirs.filter((d) => d !== "").map((d) => `${d}**/*.{js,mjs,cjs}`), ...rootBinSources.filter((f) => !f.includes("/"))])].sort() };
    note("code", `a JavaScript CLI: package.json "bin" points at ${rootBinSources.join(", ")}`);
  } else if (files.includes("tsconfig.json")) {
    note("code", "tsconfig.json at the root: docpact reads the code it includes by default");
    codeFiles = tsFiles.filter((f) => exclusionReason(f) === null);
  } else {
    const tsconfigs = files.filter((f) => f.endsWith("/tsconfig.json") && exclusionReason(f) === null);
    tsconfigs.sort((a, b) => a.split("/").length - b.split("/").length || (a < b ? -1 : 1));
    if (tsconfigs.length > 0) {
      const chosen = tsconfigs[0];
      config.code = { tsconfig: chosen };
      const dir = chosen.slice(0, -"tsconfig.json".length);
      codeFiles = tsFiles.filter((f) => f.startsWith(dir) && exclusionReason(f) === null);
      note("code", `no root tsconfig.json; ${chosen} is the shallowest one${tsconfigs.length > 1 ? ` of ${tsconfigs.length}` : ""}`);
    } else {
      codeFiles = tsFiles.filter((f) => exclusionReason(f) === null);
      if (codeFiles.length > 0) {
        config.code = { include: coveringGlobs(codeFiles, ".ts") };
        note("code", `no tsconfig.json; ${codeFiles.length} TypeScript files found, included by glob`);
      } else {
        note("code", "no TypeScript code found: docpact checks docs and schemas only");
      }
    }
  }

  // ── code patterns ──
  const texts = codeFiles.slice(0, CODE_SCAN_LIMIT).map((f) => ({ file: f, text: readText(join(root, f)) }));
  const cli: NonNullable<StarterConfig["cli"]> = { ...config.cli };
  for (const a of detectAdapters(texts, cliPackages.map((p) => p.dir))) note("cli", a);
  const commandType = findCommandType(texts);
  if (commandType) {
    cli.commandType = commandType.name;
    note("cli.commandType", `\`${commandType.name}\` (${commandType.file}) has a \`name\` member and is used ${commandType.uses} time(s) to declare objects`);
  }
  const accessors = findFlagAccessors(texts);
  if (accessors.length > 0) {
    cli.flagAccessors = accessors.map((a) => a.name);
    for (const a of accessors) note("cli.flagAccessors", `\`${a.name}(…"${a.example}"…)\` reads flags by name (${a.count} distinct name${a.count === 1 ? "" : "s"})`);
  }
  if (Object.keys(cli).length > 0) config.cli = cli;

  // ── decision registry ──
  const registry = findRegistry(texts, md);
  if (registry) {
    config.decisions = registry.config;
    note("decisions", registry.reason);
  }
  return { config, findings };
}

type Note = (topic: string, reason: string) => void;

function proposeGlobs(found: string[], ext: string, key: "docs" | "schemas", what: string, config: StarterConfig, note: Note): void {
  if (found.length === 0) {
    note(key, `no ${what} files found; the default glob \`**/*${ext}\` stays`);
    return;
  }
  const excluded = new Map<string, number>();
  for (const f of found) {
    const why = exclusionReason(f);
    if (why) excluded.set(why, (excluded.get(why) ?? 0) + 1);
  }
  if (excluded.size === 0) {
    note(key, `${found.length} ${what} file(s), none in build, test or fixture folders: the default \`**/*${ext}\` fits`);
    return;
  }
  const globs = coveringGlobs(found, ext);
  const left = [...excluded].sort().map(([why, n]) => `${n} in ${why}`).join(", ");
  if (globs.length === 0) {
    note(key, `all ${found.length} ${what} files are in build, test or fixture folders (${left}); none proposed`);
    config[key] = [];
    return;
  }
  config[key] = globs;
  note(key, `${found.length} ${what} file(s); left out ${left}`);
}

/** Which framework adapters apply, per package folder (`""`: the root): commander, yargs, cac, the escape hatch. */
function detectAdapters(texts: SourceText[], dirs: string[]): string[] {
  const FRAMEWORKS: [string, RegExp][] = [
    ["commander", /from\s+["']commander["']|require\(\s*["']commander["']/],
    ["yargs", /from\s+["']yargs(\/[\w/]+)?["']|require\(\s*["']yargs["']/],
    ["cac", /from\s+["']cac["']|require\(\s*["']cac["']/],
    ["jsdoc (@docpact-command)", /@docpact-command/],
  ];
  const byDir = new Map<string, Map<string, string>>();
  for (const t of texts) {
    const dir = dirs.find((d) => t.file.startsWith(`${d}/`)) ?? "";
    for (const [id, re] of FRAMEWORKS) {
      if (!re.test(t.text)) continue;
      const m = byDir.get(dir) ?? new Map<string, string>();
      if (!m.has(id)) m.set(id, t.file);
      byDir.set(dir, m);
    }
  }
  return [...byDir]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([dir, m]) => `${dir || "the root package"}: the ${[...m.keys()].join(", ")} adapter${m.size === 1 ? "" : "s"} appl${m.size === 1 ? "ies" : "y"} (e.g. ${[...m.values()][0]}); docpact reads them without configuration`);
}

interface CliPackage {
  dir: string;
  bins: string[];
  /** JavaScript files the package's `bin` points at that are sources (not build output). */
  binSources: string[];
}

/** Workspace packages (any nested package.json outside excluded folders) that declare a `bin`. */
function workspaceClis(root: string, files: string[]): CliPackage[] {
  const out: CliPackage[] = [];
  for (const f of files) {
    if (!f.endsWith("/package.json") || exclusionReason(f) !== null) continue;
    const dir = f.slice(0, -"/package.json".length);
    const p = readJson(join(root, f)) as { name?: unknown; bin?: unknown } | undefined;
    const bins = binNames(p);
    if (bins.length > 0) out.push({ dir, bins, binSources: binSources(root, dir, p) });
  }
  return out.sort((a, b) => (a.dir < b.dir ? -1 : 1));
}

/** The JavaScript sources a package's `bin` points at (`bin/cli.mjs`), relative to the root; build output (`dist/`) is not a source. */
function binSources(root: string, dir: string, pkg: { bin?: unknown } | undefined): string[] {
  const targets = typeof pkg?.bin === "string" ? [pkg.bin] : pkg?.bin && typeof pkg.bin === "object" ? Object.values(pkg.bin).filter((v): v is string => typeof v === "string") : [];
  return targets
    .map((t) => `${dir ? `${dir}/` : ""}${t.replace(/^\.\//, "")}`)
    .filter((t) => /\.(js|mjs|cjs)$/.test(t) && !/(^|\/)(dist|build|out|lib)\//.test(t) && existsSync(join(root, t)))
    .sort();
}

function binNames(pkg: { name?: unknown; bin?: unknown } | undefined): string[] {
  if (!pkg) return [];
  if (typeof pkg.bin === "string" && typeof pkg.name === "string") return [pkg.name.replace(/^@[^/]+\//, "")];
  if (pkg.bin && typeof pkg.bin === "object") return Object.keys(pkg.bin).sort();
  return [];
}

interface SourceText {
  file: string;
  text: string;
}

/** An interface or object type with a `name` member, named like a command and used to type objects. */
function findCommandType(texts: SourceText[]): { name: string; file: string; uses: number } | null {
  const candidates: { name: string; file: string; score: number }[] = [];
  const decl = /\b(?:interface\s+([A-Za-z_$][\w$]*)(?:\s*<[^>{]*>)?(?:\s+extends\s+[^{]+)?\s*\{|type\s+([A-Za-z_$][\w$]*)(?:\s*<[^>=]*>)?\s*=\s*\{)/g;
  for (const t of texts) {
    for (const m of t.text.matchAll(decl)) {
      const name = m[1] ?? m[2];
      const body = braceBody(t.text, (m.index ?? 0) + m[0].length - 1);
      if (!/(^|[\s;{,])(readonly\s+)?name\s*\??\s*:/.test(body)) continue;
      let score = /command/i.test(name) ? 2 : 0;
      if (/(^|[\s;{,])(run|handler|action|execute|flags|verbs|subcommands|options)\s*[?(:]/.test(body)) score += 1;
      if (score >= 2) candidates.push({ name, file: t.file, score });
    }
  }
  let best: { name: string; file: string; uses: number; score: number } | null = null;
  for (const c of candidates) {
    const use = new RegExp(`(?::\\s*(?:readonly\\s+)?${c.name}\\b|satisfies\\s+${c.name}\\b|<${c.name}>|${c.name}\\[\\])`, "g");
    let uses = 0;
    for (const t of texts) uses += t.text.match(use)?.length ?? 0;
    if (uses === 0) continue;
    if (!best || c.score > best.score || (c.score === best.score && uses > best.uses)) best = { ...c, uses };
  }
  return best && { name: best.name, file: best.file, uses: best.uses };
}

/**
 * Calls whose string argument is a flag name: a callee named like a flag or
 * option reader (`flag(values, "width")`), or `get`/`has` on something named
 * like parsed arguments (`values.get("code")`).
 */
function findFlagAccessors(texts: SourceText[]): { name: string; count: number; example: string }[] {
  const seen = new Map<string, Set<string>>();
  const call = /(?:\b([A-Za-z_$][\w$]*)\s*\.\s*)?\b([A-Za-z_$][\w$]*)\(\s*(?:[A-Za-z_$][\w$.]*\s*,\s*)?["']([a-z][a-z0-9-]*)["']/g;
  for (const t of texts) {
    for (const m of t.text.matchAll(call)) {
      const [, receiver, callee, arg] = m;
      const flagLike = /^(?:get|has|read|is)?(?:flag|option|opt)(?:value)?s?$/i.test(callee);
      const argsReceiver = (callee === "get" || callee === "has") && receiver !== undefined && /^(values|flags|opts|options|args|argv|parsed|params)$/i.test(receiver);
      if (!flagLike && !argsReceiver) continue;
      if (/^(require|import|describe|it|test)$/.test(callee)) continue;
      // `values.get` rather than `get`: the reader compares the whole dotted tail, and a bare `get` matches every Map.
      const name = argsReceiver ? `${receiver}.${callee}` : callee;
      const set = seen.get(name) ?? new Set<string>();
      set.add(arg);
      seen.set(name, set);
    }
  }
  return [...seen]
    .filter(([name, args]) => args.size >= (/(^|\.)(get|has)$/.test(name) ? 2 : 1))
    .map(([name, args]) => ({ name, count: args.size, example: [...args].sort()[0] }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** An exported array of objects with a document-like and an attribution-like field. */
function findRegistry(texts: SourceText[], docs: string[]): { config: NonNullable<StarterConfig["decisions"]>; reason: string } | null {
  const exp = /export\s+const\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*\[/g;
  let best: { config: NonNullable<StarterConfig["decisions"]>; reason: string; score: number } | null = null;
  for (const t of texts) {
    for (const m of t.text.matchAll(exp)) {
      const body = bracketBody(t.text, (m.index ?? 0) + m[0].length - 1);
      const field = (names: string) => new RegExp(`(?:^|[\\s{,])(${names})\\s*:`, "m").exec(body)?.[1];
      const documentField = field("document|doc|documentPath|docPath|file|path");
      const attributionField = field("attribution|attributionText|phrase|wording|quote|statement");
      if (!documentField || !attributionField) continue;
      const idField = field("id|key|slug|name");
      const score = (/decision/i.test(m[1]) ? 2 : 0) + (documentField === "document" ? 1 : 0);
      if (best && best.score >= score) continue;
      const cfg: NonNullable<StarterConfig["decisions"]> = { module: t.file, export: m[1] };
      if (idField && idField !== "id") cfg.idField = idField;
      if (documentField !== "document") cfg.documentField = documentField;
      if (attributionField !== "attribution") cfg.attributionField = attributionField;
      const docRoot = documentRoot(body, documentField, docs);
      if (docRoot && docRoot !== ".") cfg.documentRoot = docRoot;
      best = {
        config: cfg,
        score,
        reason: `\`${m[1]}\` in ${t.file} is an exported array of objects with \`${documentField}\` and \`${attributionField}\` fields${docRoot && docRoot !== "." ? `; its documents are under ${docRoot}/` : ""}`,
      };
    }
  }
  return best && { config: best.config, reason: best.reason };
}

/** The folder the registry's document paths are relative to: the prefix under which most of them exist. */
function documentRoot(body: string, field: string, docs: string[]): string | null {
  const values = [...body.matchAll(new RegExp(`${field}\\s*:\\s*["'\`]([^"'\`]+\\.md)["'\`]`, "g"))].map((m) => m[1].replace(/^\.\//, ""));
  if (values.length === 0) return null;
  const votes = new Map<string, number>();
  for (const v of values) {
    for (const d of docs) {
      if (d === v) votes.set(".", (votes.get(".") ?? 0) + 1);
      else if (d.endsWith(`/${v}`)) {
        const prefix = d.slice(0, -v.length - 1);
        votes.set(prefix, (votes.get(prefix) ?? 0) + 1);
      }
    }
  }
  const ranked = [...votes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return ranked[0]?.[0] ?? null;
}

/** Text between the brace at `open` and its match (strings and comments are not special-cased: a scan, not a parse). */
function braceBody(text: string, open: number): string {
  return matched(text, open, "{", "}");
}

function bracketBody(text: string, open: number): string {
  return matched(text, open, "[", "]");
}

function matched(text: string, open: number, o: string, c: string): string {
  let depth = 0;
  const limit = Math.min(text.length, open + 20_000);
  for (let i = open; i < limit; i++) {
    if (text[i] === o) depth++;
    else if (text[i] === c && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1, limit);
}

function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return parseJsonc(readFileSync(file, "utf8").replace(/^\uFEFF/, ""));
  } catch {
    return undefined;
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8").slice(0, MAX_FILE_CHARS);
  } catch {
    return "";
  }
}
