/**
 * What a check or build run needs from the command line, and the run itself:
 * shared by the one-shot commands (commands.ts) and watch mode (watch.ts), so
 * neither imports the other.
 */
import { resolve } from "node:path";
import type { ReadCache } from "../cache/cache.js";
import { run, type RunOutput } from "../run.js";
import { DocpactError } from "../util/errors.js";
import { FORMATS, type Format } from "./format.js";
import { findConfigRoot } from "../config/find-root.js";

type Values = Record<string, string | boolean | undefined>;

function str(v: string | boolean | undefined): string | undefined {
  return typeof v === "string" ? v : undefined;
}

export interface RunSettings {
  root: string;
  configPath: string | undefined;
  format: Format;
  maxWarnings: number | undefined;
  /** `--baseline FILE` as given (relative to the working directory). */
  baseline: string | undefined;
  /** `--since REF`. */
  since: string | undefined;
  /** `--no-error-on-unmatched-pattern`. */
  allowUnmatchedPatterns: boolean;
  /** `-o/--output-file FILE` (relative to the working directory). */
  outputFile?: string;
  /** `--quiet`: errors only. */
  quiet?: boolean;
  /** `--color` (true) / `--no-color` (false); undefined: FORCE_COLOR, NO_COLOR, then whether stdout is a terminal. */
  color?: boolean;
  /** File arguments, root-relative. */
  files?: string[];
}

export function settingsFrom(values: Values): RunSettings {
  const format = (str(values.format) ?? "pretty") as Format;
  if (!FORMATS.includes(format)) throw new DocpactError(`unknown format "${format}" (expected one of: ${FORMATS.join(", ")})`);
  const mw = str(values["max-warnings"]);
  let maxWarnings: number | undefined;
  if (mw !== undefined) {
    if (!/^\d+$/.test(mw)) throw new DocpactError(`--max-warnings takes a whole number ≥ 0 (got "${mw}")`);
    maxWarnings = Number(mw);
  }
  return {
    root: rootOf(values),
    configPath: str(values.config),
    format,
    maxWarnings,
    baseline: str(values.baseline),
    since: str(values.since),
    allowUnmatchedPatterns: values["no-error-on-unmatched-pattern"] === true,
    ...(str(values["output-file"]) !== undefined ? { outputFile: str(values["output-file"]) } : {}),
    ...(values.quiet === true ? { quiet: true } : {}),
    ...(values["no-color"] === true ? { color: false } : values.color === true ? { color: true } : {}),
  };
}

/** `--root`, else (without `--config`) the nearest folder upward with a docpact.config.json, else the working directory. */
export function rootOf(values: Values): string {
  const root = str(values.root);
  if (root !== undefined) return resolve(root);
  return str(values.config) !== undefined ? resolve(".") : findConfigRoot(process.cwd());
}

export type { RunOutput };

/** One check or build run; `extra` carries watch's long-lived cache and progress reporting. */
export function runFull(
  name: "check" | "build",
  s: RunSettings,
  b: { fix: boolean; force: boolean },
  extra: { cache?: ReadCache; onPhase?: (phase: string) => void; changes?: readonly string[] } = {},
): Promise<RunOutput> {
  return run(name, {
    root: s.root,
    configPath: s.configPath,
    fix: b.fix,
    force: b.force,
    baseline: s.baseline,
    since: s.since,
    allowUnmatchedPatterns: s.allowUnmatchedPatterns,
    ...(s.files ? { files: s.files } : {}),
    ...extra,
  });
}

/** `--color`/`--no-color` first, then FORCE_COLOR (`0`/`false` off, any other value on), NO_COLOR (set and not empty: off), then whether stdout is a terminal. */
export function useColor(choice?: boolean, env: NodeJS.ProcessEnv = process.env, tty = process.stdout.isTTY === true): boolean {
  if (choice !== undefined) return choice;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !(force === "0" || force === "false");
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return tty;
}
