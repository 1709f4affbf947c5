/**
 * `docpact init`: inspects the repository, writes a starter
 * `docpact.config.json` and prints what it found and why. An existing config
 * is never overwritten.
 */
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { CONFIG_FILE } from "../config/resolve.js";
import { detect, type StarterConfig } from "../init/detect.js";
import { DocpactError } from "../util/errors.js";
import { packagePath } from "../util/package-root.js";
import { toPosix } from "../util/text.js";
import { writeAtomic } from "../util/write.js";

export interface Output {
  write(s: string): unknown;
}

export function runInit(root: string, out: Output): number {
  if (!existsSync(root)) throw new DocpactError(`root not found: ${root}`);
  if (existsSync(join(root, CONFIG_FILE))) throw new DocpactError(`${CONFIG_FILE} already exists in ${toPosix(root)}; not overwriting it`);
  const { config, findings } = detect(root);
  const text = renderConfig(schemaRef(root), config);
  writeAtomic(root, CONFIG_FILE, text);
  const lines = [`docpact: wrote ${CONFIG_FILE}`, ""];
  const width = Math.max(...findings.map((f) => f.topic.length));
  for (const f of findings) lines.push(`  ${f.topic.padEnd(width)}  ${f.reason}`);
  lines.push("", "Next: `docpact check` to see what drifts; `docpact explain --list` for the rules.");
  out.write(`${lines.join("\n")}\n`);
  return 0;
}

/**
 * After the config is written: per binary, which CLI reader read it with that
 * config, or why none could (the read stage over the code the config names; no
 * rule runs). A run that fails says so in one line instead.
 */
export async function printReadings(root: string, out: Output): Promise<void> {
  let lines: string[];
  try {
    const { runPipeline } = await import("../pipeline.js");
    const { binaryReadings, entryLabel } = await import("../model/cli-reading.js");
    const { model } = await runPipeline({ root, rules: [] });
    const readings = binaryReadings(model);
    if (readings.length === 0) return;
    const n = model.surface.commands.length;
    const width = Math.max(...readings.map((r) => r.binary.length));
    lines = ["CLI, read with this config:"];
    for (const r of readings) {
      const what = r.read
        ? `read by the ${r.readers.join(", ")} reader${r.readers.length === 1 ? "" : "s"} (${n} command${n === 1 ? "" : "s"})`
        : `not read: ${r.stopped}; \`cli/unread\` warns where the docs invoke it`;
      lines.push(`  ${r.binary.padEnd(width)}  ${entryLabel(r)}: ${what}`);
    }
  } catch (e) {
    lines = [`CLI: not read with this config (${(e as Error).message.split("\n")[0]})`];
  }
  out.write(`${lines.join("\n")}\n`);
}

/**
 * `$schema`: the installed package's copy, in the root's node_modules or the nearest one above it
 * up to the repository root (a workspace's hoisted install: `../../node_modules/…`, the same on
 * every machine that installs it), named through node_modules, never through the store a link points into (pnpm); else this
 * package's own copy when it lies inside the root; otherwise none: a path out of the root to where
 * this docpact happens to run from would only work on this machine.
 */
export function schemaRef(root: string): string | null {
  const installed = "node_modules/docpact/contracts/config.schema.json";
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    if (existsSync(join(dir, installed))) {
      const rel = toPosix(relative(resolve(root), join(dir, installed)));
      return rel.startsWith("../") ? rel : `./${rel}`;
    }
    // No higher than the repository root: an install above it is not the project's.
    if (existsSync(join(dir, ".git")) || dirname(dir) === dir) break;
  }
  const rel = toPosix(relative(root, packagePath("contracts/config.schema.json")));
  if (rel.startsWith("../") || isAbsolute(rel)) return null;
  return `./${rel}`;
}

/** Keys in a fixed order, so the file reads top-down: inputs, CLI, registry. */
export function renderConfig(schema: string | null, c: StarterConfig): string {
  const ordered: Record<string, unknown> = schema === null ? {} : { $schema: schema };
  for (const key of ["docs", "schemas", "code", "cli", "sites", "decisions"] as const) {
    if (c[key] !== undefined) ordered[key] = c[key];
  }
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
