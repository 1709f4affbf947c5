/**
 * What `docpact init` finds in a repository, by cheap text scans (no
 * TypeScript parse): binaries, tsconfig, where docs and schemas live, how
 * the code declares commands and reads flags, a likely decision registry.
 * Every finding carries the reason shown to the user.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { yaml } from "../util/yaml.js";
import { parseJsonc } from "../discover.js";
import { coveringGlobs, exclusionReason, listFiles } from "./scan.js";
import type { SiteGenerator } from "../config/types.js";
import { ADAPTERS } from "../readers/cli/index.js";
import { type BareResolver, type EntryTrace, bundledSources, entrySource, isNodeScript, traceEntry, workspaceResolver } from "../readers/cli/entry.js";
import { manifestFiles, readWorkspaceManifest } from "../util/package-manifest.js";
import { readHead } from "../util/input-fs.js";
import { detectSites, frontMatterSites, packageSites, type DetectedSite } from "../readers/sites/index.js";
import { routers, siteGenerators } from "../model/routes/index.js";
import { pageFrontMatter } from "../readers/sites/types.js";

/** Document extensions besides `.md` that a site generator renders. */
const DOC_EXTENSIONS = [...new Set(siteGenerators.flatMap((d) => d.docExtensions))].filter((e) => e !== ".md").sort();

/** What init says about one site it found. */
function siteFinding(s: DetectedSite): string {
  const d = routers[s.generator];
  const where = `${s.root || "."}/`;
  if (d.routesUnknown !== undefined) {
    return `${s.configFile} found: ${where} is a site of a generator docpact does not model; links there that name no file (root-absolute, extensionless, \`.html\`) and anchors into its pages are not judged (counted in summary.notJudged), relative links to files still are`;
  }
  return `${s.configFile} found: links under ${where} resolve as ${s.generator} serves them (routes, clean URLs, its heading slugs)`;
}

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
// What detection reads of a file init's listing found (regular files inside the root: init/scan.ts `listFiles`).
const MAX_FILE_BYTES = 200_000;

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
  } else {
    const declared = declaredBinaries(pkg, new Set(files));
    if (declared.length > 0) {
      config.cli = { binaries: declared.map((d) => d.name) };
      for (const d of declared) note("cli.binaries", `\`${d.name}\`: ${d.why}`);
    } else note("cli.binaries", 'package.json has no "bin": set cli.binaries to the names your docs invoke, or invocations are not recognized');
  }

  // ── docs ──
  const md = files.filter((f) => f.toLowerCase().endsWith(".md"));
  proposeGlobs(md, ".md", "docs", "Markdown", config, note);
  // Documents of the other extensions a site generator renders (`.markdown`, `.mdx`, `.mdoc`).
  const docFiles = [...md];
  for (const ext of DOC_EXTENSIONS) {
    const found = files.filter((f) => f.toLowerCase().endsWith(ext));
    const globs = coveringGlobs(found, ext);
    if (globs.length === 0) continue;
    docFiles.push(...found);
    config.docs = [...(config.docs ?? ["**/*.md"]), ...globs];
    const by = siteGenerators.filter((d) => d.docExtensions.includes(ext) && d.routesUnknown === undefined).map((d) => d.name);
    note(
      "docs",
      `${found.length} \`${ext}\` document(s) (pages of ${by.length > 0 ? by.join(", ") : "site generators"}): ${globs.map((g) => `\`${g}\``).join(", ")} added`,
    );
  }

  // ── documentation sites ──
  const docsInScope = docFiles.filter((f) => exclusionReason(f) === null).sort();
  const detected = detectSites(
    root,
    docsInScope,
    files.filter((f) => exclusionReason(f) === null),
  );
  const owning = detected.filter((s) => docsInScope.some((d) => s.root === "" || d.startsWith(`${s.root}/`) || routers[s.generator].pagesOutside === true));
  const inSite = (d: string) => owning.some((s) => s.root === "" || d.startsWith(`${s.root}/`));
  owning.push(...frontMatterSites(docsInScope, (f) => pageFrontMatter(root, f), inSite));
  owning.push(
    ...packageSites(
      root,
      docsInScope,
      files.filter((f) => exclusionReason(f) === null),
      (d) => owning.some((s) => s.root === "" || d.startsWith(`${s.root}/`)),
    ),
  );
  if (owning.length > 0) {
    config.sites = owning.map((s) => ({ root: s.root === "" ? "." : s.root, generator: s.generator }));
    for (const s of owning) note("sites", siteFinding(s));
  }
  // Each docs tree (top folder holding documents) that no site renders: GitHub's semantics there.
  const trees = [...new Set(docsInScope.map((d) => (d.includes("/") ? d.slice(0, d.indexOf("/")) : "")))];
  const github = trees.filter(
    (t) =>
      !docsInScope.some(
        (d) =>
          (t === "" ? !d.includes("/") : d.startsWith(`${t}/`)) &&
          owning.some((s) => s.root === "" || d.startsWith(`${s.root}/`) || routers[s.generator].pagesOutside === true),
      ),
  );
  if (owning.length === 0) {
    const names = siteGenerators.filter((d) => d.configFiles.length > 0 && d.routesUnknown === undefined).map((d) => d.name);
    note("sites", `no site generator config (${names.join(", ")}) found: links resolve as GitHub renders them`);
  } else {
    for (const t of github) note("sites", `${t || "."}/: no site generator found: links there resolve as GitHub renders them`);
  }

  // ── agent skill bundle ──
  for (const line of describeSkills(root, files)) note("skills", line);

  // ── schemas ──
  const schemas = files.filter((f) => f.endsWith(".schema.json"));
  // Specifications often name schemas `*.json` (cdevents' schemas/, a spec's schema.json): found by their `$schema` key.
  const byContent = schemasByContent(root, files);
  if (byContent.length === 0) proposeGlobs(schemas, ".schema.json", "schemas", "schema", config, note);
  else {
    const isSchema = new Set([...schemas.filter((f) => exclusionReason(f) === null), ...byContent]);
    config.schemas = [
      ...coveringGlobs(
        files.filter((f) => f.endsWith(".json")),
        ".json",
        (f) => isSchema.has(f),
      ),
      // YAML schemas by name: a glob would take in the YAML instances and examples beside them.
      ...[...isSchema].filter((f) => !f.endsWith(".json")).sort(),
    ];
    note(
      "schemas",
      `${isSchema.size} JSON Schema file(s), ${byContent.length} of them found by their "$schema" key or a schema's relative "$ref" (not named *.schema.json)`,
    );
  }

  // ── which reader reads each binary (following imports from its entry) ──
  const traces = traceBinaries(root, files, pkg, cliPackages);

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
    // The bin files' folders, and the folder of the file the reader was found in (`lib/options.js` behind `bin/eslint.js`).
    const readerFiles = traces.flatMap((t) => (t.trace?.file && /\.(js|mjs|cjs)$/.test(t.trace.file) ? [t.trace.file] : []));
    const dirs = [...new Set([...rootBinSources, ...readerFiles].map((f) => (f.includes("/") ? f.slice(0, f.lastIndexOf("/") + 1) : "")))];
    const js = files.filter((f) => /\.(js|mjs|cjs)$/.test(f) && exclusionReason(f) === null && dirs.some((d) => d !== "" && f.startsWith(d)));
    codeFiles = [...new Set([...js, ...rootBinSources])].sort();
    // A folder glob only where the folder holds JavaScript (a glob that matches nothing is a config error); a bin file no glob covers
    // (top level, or an extensionless `bin/http-server`) by name. docpact follows each bin's imports from there.
    const globbed = dirs.filter((d) => d !== "" && js.some((f) => f.startsWith(d) && /\.(js|mjs|cjs)$/.test(f)));
    const byName = rootBinSources.filter((f) => !/\.(js|mjs|cjs)$/.test(f) || !globbed.some((d) => f.startsWith(d)));
    config.code = { include: [...new Set([...globbed.map((d) => `${d}**/*.{js,mjs,cjs}`), ...byName])].sort() };
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
  const texts = codeFiles.slice(0, CODE_SCAN_LIMIT).map((f) => ({ file: f, text: readHead(join(root, f), MAX_FILE_BYTES) }));
  const cli: NonNullable<StarterConfig["cli"]> = { ...config.cli };
  for (const a of detectAdapters(
    texts,
    cliPackages.map((p) => p.dir),
  ))
    note("cli", a);
  // discover reads each bin's closure from its entry whatever the code globs include, so a traced reader sees its file.
  for (const t of traces) note("cli.reader", t.line);

  const commandType = findCommandType(texts);
  if (commandType) {
    cli.commandType = commandType.name;
    note("cli.commandType", `\`${commandType.name}\` (${commandType.file}) has a \`name\` member and is used ${commandType.uses} time(s) to declare objects`);
  }
  const accessors = findFlagAccessors(texts);
  if (accessors.length > 0) {
    cli.flagAccessors = accessors.map((a) => a.name);
    for (const a of accessors)
      note("cli.flagAccessors", `\`${a.name}(…"${a.example}"…)\` reads flags by name (${a.count} distinct name${a.count === 1 ? "" : "s"})`);
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

/** At most this many `.json` files are opened to look for a `$schema` key. */
const JSON_SCAN_LIMIT = 5000;
const META_SCHEMA = /^https?:\/\/json-schema\.org\//;

/**
 * `.json`, `.yaml` and `.yml` files outside build, test and fixture folders whose top-level `$schema` names a JSON
 * Schema meta-schema (a workflow DSL keeps its only schema as `schema/workflow.yaml`), and the files those schemas
 * (and `*.schema.json` ones) reach by a relative `$ref` (a `defs.json` of shared definitions has no `$schema`).
 */
function schemasByContent(root: string, files: string[]): string[] {
  const named = new Set(files.filter((f) => f.endsWith(".schema.json") && exclusionReason(f) === null));
  const parsed = new Map<string, unknown>();
  const found = files
    .filter((f) => /\.(json|ya?ml)$/.test(f) && !f.endsWith(".schema.json") && exclusionReason(f) === null)
    .slice(0, JSON_SCAN_LIMIT)
    .filter((f) => {
      const text = readHead(join(root, f), MAX_FILE_BYTES);
      const yaml = !f.endsWith(".json");
      // Cheap test first: most files never mention it (in YAML, a top-level `$schema:` key).
      if (yaml ? !/^["']?\$schema["']?\s*:/m.test(text) : !text.includes('"$schema"')) return false;
      const value = yaml ? readYaml(text) : readJson(join(root, f));
      parsed.set(f, value);
      const meta = value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>).$schema : undefined;
      return typeof meta === "string" && META_SCHEMA.test(meta);
    });
  // Relative `$ref` targets, followed from every schema found (JSON targets only: a YAML one is read when found above).
  const all = new Set(files);
  const out = new Set(found);
  const queue = [...found, ...named];
  while (queue.length > 0) {
    const f = queue.pop()!;
    const value = parsed.has(f) ? parsed.get(f) : readJson(join(root, f));
    for (const ref of relativeRefs(value)) {
      const target = posix.normalize(posix.join(posix.dirname(f), ref));
      if (!all.has(target) || out.has(target) || named.has(target) || !target.endsWith(".json") || exclusionReason(target) !== null) continue;
      out.add(target);
      queue.push(target);
    }
  }
  return [...out].sort();
}

/** The file parts of every `$ref` in a schema that points to another local file (`defs.json#/definitions/x` → `defs.json`). */
function relativeRefs(value: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, depth: number) => {
    if (depth > 64 || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (k === "$ref" && typeof x === "string") {
        const file = x.split("#")[0];
        if (file !== "" && !/^[a-z][a-z0-9+.-]*:/i.test(file) && !file.startsWith("/")) out.add(file);
      } else walk(x, depth + 1);
    }
  };
  walk(value, 0);
  return [...out];
}

function readYaml(text: string): unknown {
  try {
    return yaml().parse(text, { maxAliasCount: 100 });
  } catch {
    return null;
  }
}

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
  const left = [...excluded]
    .sort()
    .map(([why, n]) => `${n} in ${why}`)
    .join(", ");
  if (globs.length === 0) {
    note(key, `all ${found.length} ${what} files are in build, test or fixture folders (${left}); none proposed`);
    config[key] = [];
    return;
  }
  config[key] = globs;
  note(key, `${found.length} ${what} file(s); left out ${left}`);
}

/** Which CLI readers apply, per package folder (`""`: the root), by each reader's own detection (compiler/readers/cli). */
function detectAdapters(texts: SourceText[], dirs: string[]): string[] {
  const FRAMEWORKS = ADAPTERS.map((a) => [a.id === "jsdoc" ? "jsdoc (@docpact-command)" : a.id, a] as const);
  const byDir = new Map<string, Map<string, string>>();
  for (const t of texts) {
    const dir = dirs.find((d) => t.file.startsWith(`${d}/`)) ?? "";
    for (const [id, reader] of FRAMEWORKS) {
      if (!reader.detect(t.text, t.file)) continue;
      const m = byDir.get(dir) ?? new Map<string, string>();
      if (!m.has(id)) m.set(id, t.file);
      byDir.set(dir, m);
    }
  }
  return [...byDir]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(
      ([dir, m]) =>
        `${dir || "the root package"}: the ${[...m.keys()].join(", ")} adapter${m.size === 1 ? "" : "s"} appl${m.size === 1 ? "ies" : "y"} (e.g. ${[...m.values()][0]}); docpact reads them without configuration`,
    );
}

/**
 * Per binary (the root package's `bin`, or each workspace package's), the
 * reader that reads it, found by following imports from its entry file, or
 * why none does.
 */
function traceBinaries(
  root: string,
  files: string[],
  pkg: { name?: unknown; bin?: unknown } | undefined,
  packages: CliPackage[],
): { line: string; trace: EntryTrace | null }[] {
  const sources = new Set(files.filter((f) => exclusionReason(f) === null || /(^|\/)bin\//.test(f)));
  const texts = new Map<string, string>();
  const read = (rel: string) => {
    let t = texts.get(rel);
    if (t === undefined) texts.set(rel, (t = readHead(join(root, rel), MAX_FILE_BYTES)));
    return t;
  };
  const out: { line: string; trace: EntryTrace | null }[] = [];
  const bins: { name: string; target: string }[] = [...binTargets(pkg, "")];
  for (const p of packages) bins.push(...binTargets(readJson(join(root, p.dir, "package.json")) as typeof pkg, p.dir));
  const bundled = bundledSources(sources, read);
  // Read only when an entry imports a package by name.
  let bare: BareResolver | undefined;
  const resolveBare: BareResolver = (spec, binary) =>
    (bare ??= workspaceResolver(
      manifestFiles(files).map((f) => readWorkspaceManifest(root, f)),
      sources,
    ))(spec, binary);
  for (const { name, target } of bins) {
    const entry = entrySource(target, sources, bundled);
    if (!entry) {
      out.push({
        trace: null,
        line: `bin \`${name}\` → ${target}: no source file found for it (build output is not read); its commands and flags in the docs are not judged until cli readers see its code`,
      });
      continue;
    }
    const t = traceEntry(entry, sources, read, ADAPTERS, (spec) => resolveBare(spec, name));
    if (t.reader) {
      out.push({
        trace: t,
        line: `bin \`${name}\` → ${entry}: read by the ${t.reader} reader (${t.file}${t.hops === 0 ? ", the entry itself" : `, ${t.hops} import${t.hops === 1 ? "" : "s"} from the entry`})`,
      });
    } else {
      const pk = t.packages.length > 0 ? `; they import ${t.packages.slice(0, 8).join(", ")}${t.packages.length > 8 ? ", …" : ""}` : "";
      out.push({
        trace: t,
        line: `bin \`${name}\` → ${entry}: no CLI reader applies (following its imports reached ${t.reached} file${t.reached === 1 ? "" : "s"}${pk}); its commands and flags in the docs are not judged`,
      });
    }
  }
  return out;
}

/** `bin` targets of a package (`dir`: its folder, `""` for the root), by binary name. */
function binTargets(pkg: { name?: unknown; bin?: unknown } | undefined, dir: string): { name: string; target: string }[] {
  const at = (t: string) => `${dir ? `${dir}/` : ""}${t.replace(/^\.\//, "")}`;
  if (!pkg) return [];
  if (typeof pkg.bin === "string" && typeof pkg.name === "string") return [{ name: pkg.name.replace(/^@[^/]+\//, ""), target: at(pkg.bin) }];
  if (pkg.bin && typeof pkg.bin === "object") {
    return Object.entries(pkg.bin as Record<string, unknown>)
      .filter((e): e is [string, string] => typeof e[1] === "string")
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([name, t]) => ({ name, target: at(t) }));
  }
  return [];
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
  const targets =
    typeof pkg?.bin === "string"
      ? [pkg.bin]
      : pkg?.bin && typeof pkg.bin === "object"
        ? Object.values(pkg.bin).filter((v): v is string => typeof v === "string")
        : [];
  return targets
    .map((t) => `${dir ? `${dir}/` : ""}${t.replace(/^\.\//, "")}`)
    .filter(
      (t) =>
        (/\.(js|mjs|cjs)$/.test(t) || isNodeScript(t, readHead(join(root, t), 128))) && !/(^|\/)(dist|build|out|lib)\//.test(t) && existsSync(join(root, t)),
    )
    .sort();
}

/**
 * Binaries a package declares outside `bin`: `oclif.bin` (the name an oclif
 * CLI is invoked by), and `publishConfig.bin` (the `bin` npm publishes), of
 * which only the package's own name or a bin whose source is in the
 * repository: the others are shims built at release (corepack's `pnpm`,
 * `yarn`), other tools' names the docs invoke as those tools.
 */
function declaredBinaries(
  pkg: { name?: unknown; bin?: unknown; publishConfig?: unknown; oclif?: unknown } | undefined,
  files: ReadonlySet<string>,
): { name: string; why: string }[] {
  if (!pkg) return [];
  const out: { name: string; why: string }[] = [];
  const oclif = pkg.oclif as { bin?: unknown } | undefined;
  if (oclif && typeof oclif === "object" && typeof oclif.bin === "string" && /^[\w.-]+$/.test(oclif.bin))
    out.push({ name: oclif.bin, why: 'package.json "oclif"."bin" names the CLI' });
  const published = (pkg.publishConfig as { bin?: unknown } | undefined)?.bin;
  const own = typeof pkg.name === "string" ? pkg.name.replace(/^@[^/]+\//, "") : null;
  const entries: [string, unknown][] =
    typeof published === "string" && own ? [[own, published]] : published && typeof published === "object" ? Object.entries(published) : [];
  for (const [name, target] of entries.sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (typeof target !== "string" || out.some((o) => o.name === name)) continue;
    const source = entrySource(target, files);
    if (name === own || source) out.push({ name, why: `package.json "publishConfig"."bin" (${source ? `source ${source}` : "the package's own name"})` });
  }
  return out;
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
    // Objects declared with it (what the registry reader reads), not any annotation: `const x: T = {`, `} satisfies T`,
    // `<T>{`, `const xs: T[] = [`, `Record<string, T> = {`, a factory `(): T => ({` / `): T {` — a type only used in other types' fields declares no command.
    const t = `${c.name}(?:<[^>=]*>)?`;
    const use = new RegExp(
      `(?::\\s*(?:readonly\\s+)?${t}\\s*=\\s*\\{|\\}\\s*(?:as\\s+const\\s+)?satisfies\\s+${t}|<${t}>\\s*\\{|:\\s*(?:readonly\\s+)?(?:${t}\\[\\]|(?:Readonly)?Array<${t}>)\\s*=\\s*\\[|:\\s*Record<[^,>]+,\\s*${t}>\\s*=\\s*\\{|\\)\\s*:\\s*${t}\\s*(?:=>\\s*\\(?\\s*)?\\{)`,
      "g",
    );
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
/** A receiver that holds parsed flags: `values`, `opts`…, or one qualified in camel case (`valuesMulti`, `flagsSeen`: a second map of the same parse). */
const ARGS_RECEIVER = /^(?:values|flags|opts|options|args|argv|parsed|params)(?:[A-Z][A-Za-z0-9]*)?$/;

function findFlagAccessors(texts: SourceText[]): { name: string; count: number; example: string }[] {
  const seen = new Map<string, Set<string>>();
  const call = /(?:\b([A-Za-z_$][\w$]*)\s*\.\s*)?\b([A-Za-z_$][\w$]*)\(\s*(?:[A-Za-z_$][\w$.]*\s*,\s*)?["']([a-z][a-z0-9-]*)["']/g;
  for (const t of texts) {
    for (const m of t.text.matchAll(call)) {
      const [, receiver, callee, arg] = m;
      const flagLike = /^(?:get|has|read|is)?(?:flag|option|opt)(?:value)?s?$/i.test(callee);
      const argsReceiver = (callee === "get" || callee === "has") && receiver !== undefined && ARGS_RECEIVER.test(receiver);
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
