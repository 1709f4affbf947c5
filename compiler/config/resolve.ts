/** Loads `docpact.config.json`, validates it against its schema and fills in defaults. */
import { existsSync, lstatSync, statSync } from "../util/input-fs.js";
import { guardedRead } from "../util/guarded-read.js";
import { join, resolve } from "node:path";
import type { DocpactConfig } from "../../generated/contracts/config.js";
import { closest } from "../util/edit-distance.js";
import { escapePointerToken } from "../util/json-pointer.js";
import { DocpactError } from "../util/errors.js";
import { toPosix } from "../util/text.js";
import { relPath } from "../util/paths.js";
import { DEFAULT_LIMITS, effectiveLimits } from "./limits.js";
import { assertConfinedConfig, type FolderMemo } from "./ownership.js";
import { validateConfig } from "./validate.js";

import { CONFIG_FILE } from "./find-root.js";

export { CONFIG_FILE, findConfigRoot } from "./find-root.js";
export const DEFAULT_MARKER = "not this document's call";

export type { CodeSource, DecisionsConfig, RegistryConfig, ResolvedConfig, SiteGenerator, SiteSetting, VocabularyConfig } from "./types.js";
import type { CodeSource, ResolvedConfig } from "./types.js";

/**
 * `memo`: a watch session's reuse of what the config step reads in outDir (see FolderMemo).
 * `ruleIds`: the rule catalogue's ids (compiler/rules/index.ts), given by the caller so that config
 * does not load every rule; a `rules` key naming another id is a config error.
 */
export function loadConfig(root: string, configPath: string | undefined, memo: FolderMemo | undefined, ruleIds: readonly string[]): ResolvedConfig {
  const file = configPath ? resolve(configPath) : join(root, CONFIG_FILE);
  let raw: DocpactConfig = {};
  let rel: string | null = null;
  if (configPath && existsSync(file) && statSync(file).isDirectory()) {
    throw new DocpactError(`--config ${configPath} is a folder; name the file (${toPosix(join(configPath, CONFIG_FILE))}), or pass --root ${configPath}`);
  }
  if (existsSync(file) || lstatExists(file)) {
    rel = relPath(root, file);
    // `--config` may name any file; the default one is an input like any other, confined to the root.
    raw = parseConfigText(readText(root, file, rel, !configPath), rel);
  } else if (configPath) {
    throw new DocpactError(`config file not found: ${configPath}`);
  }
  const config = resolveConfig(root, raw, rel, ruleIds);
  assertConfinedConfig(root, config, memo);
  return config;
}

function readText(root: string, file: string, rel: string, confine: boolean): string {
  const r = guardedRead(root, file, rel, { confine });
  if (!r.ok) throw new DocpactError(r.message);
  return r.text;
}

/** Whether a path exists as an entry, even a link to nothing (which must be said, not taken for "no file"). */
function lstatExists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

export function parseConfigText(text: string, rel: string): DocpactConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new DocpactError(jsonErrorLine(rel, text, (e as Error).message));
  }
  const problem = validateConfig(value);
  if (problem) throw new DocpactError(`${rel}: ${problem}`);
  return value as DocpactConfig;
}

/** `file:line:column: invalid JSON: reason`, from JSON.parse's message (a character offset in Node 20, line and column in later ones). */
export function jsonErrorLine(rel: string, text: string, message: string): string {
  let line: number | undefined;
  let column: number | undefined;
  const lc = /\(line (\d+) column (\d+)\)/.exec(message);
  const pos = /at position (\d+)/.exec(message);
  if (lc) [line, column] = [Number(lc[1]), Number(lc[2])];
  else if (pos) {
    const before = text.slice(0, Number(pos[1]));
    line = before.split("\n").length;
    column = before.length - before.lastIndexOf("\n");
  } else if (/Unexpected end of JSON input/.test(message)) {
    const lines = text.split("\n");
    line = lines.length;
    column = lines[lines.length - 1].length + 1;
  }
  const reason = message
    .replace(/\s*in JSON at position \d+.*$/, "")
    .replace(/\s*\(line \d+ column \d+\).*$/, "")
    .replace(/^JSON Parse error: /, "");
  return line !== undefined ? `${rel}:${line}:${column}: invalid JSON: ${reason}` : `${rel}: invalid JSON: ${reason}`;
}

/** `ruleIds`: as for loadConfig; without them (models built by hand in tests) `rules` is taken as written. */
export function resolveConfig(root: string, raw: DocpactConfig, rel: string | null, ruleIds?: readonly string[]): ResolvedConfig {
  const packageJson = readPackageJson(root);
  let code: CodeSource;
  if (raw.code && "tsconfig" in raw.code) {
    const ts = normalizeRel(raw.code.tsconfig);
    if (!existsSync(join(root, ts))) throw new DocpactError(`${rel ?? CONFIG_FILE}: code.tsconfig not found: ${ts}`);
    code = { kind: "tsconfig", tsconfig: ts };
  } else if (raw.code && "include" in raw.code) {
    code = raw.code.include.length === 0 ? { kind: "none" } : { kind: "include", include: raw.code.include };
  } else {
    code =
      existsSync(join(root, "tsconfig.json")) || lstatExists(join(root, "tsconfig.json"))
        ? { kind: "tsconfig", tsconfig: "tsconfig.json" }
        : { kind: "none", bins: true };
  }
  const d = raw.decisions;
  return {
    file: rel,
    docs: raw.docs ?? ["**/*.md"],
    schemas: raw.schemas ?? ["**/*.schema.json"],
    code,
    cli: {
      binaries: raw.cli?.binaries ?? Object.keys(packageJson?.bin ?? {}),
      binariesConfigured: raw.cli?.binaries !== undefined,
      commandType: raw.cli?.commandType ?? null,
      flagAccessors: raw.cli?.flagAccessors ?? [],
    },
    notes: { markers: raw.notes?.markers ?? [DEFAULT_MARKER] },
    vocabularies: raw.vocabularies ?? [],
    instances: raw.instances ?? [],
    decisions: d
      ? {
          module: normalizeRel(d.module),
          export: d.export,
          idField: d.idField ?? "id",
          documentField: d.documentField ?? "document",
          attributionField: d.attributionField ?? "attribution",
          documentRoot: normalizeRel(d.documentRoot ?? "."),
        }
      : null,
    generate: raw.generate
      ? {
          outDir: normalizeRel(raw.generate.outDir ?? "generated"),
          registries: (raw.generate.registries ?? []).map((r) => ({ file: r.file, include: r.include.map(normalizeRel) })),
        }
      : null,
    templates: raw.templates ? normalizeRel(raw.templates) : null,
    limits: effectiveLimits({ ...DEFAULT_LIMITS, ...raw.limits }),
    rules: ruleIds ? knownRules(raw.rules ?? {}, rel ?? CONFIG_FILE, ruleIds) : (raw.rules ?? {}),
    sites: raw.sites
      ? raw.sites.map((x) => ({ ...x, root: normalizeRel(x.root), ...(x.srcDir !== undefined ? { srcDir: normalizeRel(x.srcDir) } : {}) }))
      : null,
    baseline: raw.baseline ? normalizeRel(raw.baseline) : null,
    writtenGlobs: writtenGlobs(raw),
    errorOnUnmatchedPattern: raw.errorOnUnmatchedPattern ?? true,
    packageJson,
  };
}

function writtenGlobs(raw: DocpactConfig): ResolvedConfig["writtenGlobs"] {
  const out: ResolvedConfig["writtenGlobs"] = [];
  if (raw.docs) out.push({ key: "docs", patterns: raw.docs });
  if (raw.schemas) out.push({ key: "schemas", patterns: raw.schemas });
  if (raw.code && "include" in raw.code && raw.code.include.length > 0) out.push({ key: "code.include", patterns: raw.code.include });
  (raw.instances ?? []).forEach((inst, i) => out.push({ key: `instances[${i}].files`, patterns: inst.files }));
  return out;
}

/** Severities by rule id; an id docpact does not have is a config error (a typo would silently change nothing). */
function knownRules(rules: Record<string, "error" | "warning" | "off">, rel: string, ruleIds: readonly string[]): ResolvedConfig["rules"] {
  for (const id of Object.keys(rules).sort()) {
    if (ruleIds.includes(id)) continue;
    const near = closest(id, ruleIds);
    throw new DocpactError(`${rel}: /rules/${escapePointerToken(id)}: unknown rule "${id}"${near ? `; did you mean "${near}"?` : ""}`);
  }
  return rules;
}

function readPackageJson(root: string): ResolvedConfig["packageJson"] {
  const file = join(root, "package.json");
  if (!existsSync(file) && !lstatExists(file)) return null;
  const read = guardedRead(root, file, "package.json");
  if (!read.ok) throw new DocpactError(read.message);
  let pkg: { name?: unknown; bin?: unknown };
  try {
    pkg = JSON.parse(read.text);
  } catch (e) {
    throw new DocpactError(`package.json: invalid JSON: ${(e as Error).message}`);
  }
  const name = typeof pkg.name === "string" ? pkg.name : null;
  let bin: Record<string, string> = {};
  if (typeof pkg.bin === "string" && name) bin = { [name.replace(/^@[^/]+\//, "")]: pkg.bin };
  else if (pkg.bin && typeof pkg.bin === "object") {
    for (const [k, v] of Object.entries(pkg.bin)) if (typeof v === "string") bin[k] = v;
  }
  return { name, bin };
}

function normalizeRel(p: string): string {
  const posix = toPosix(p)
    .replace(/^\.\/+/, "")
    .replace(/\/+$/, "");
  return posix === "" ? "." : posix;
}
