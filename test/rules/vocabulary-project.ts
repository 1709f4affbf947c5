/** Projects for the vocabulary rule tests: documents, schemas and TypeScript code as files, run through the real pipeline by the rule tester. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CaseFiles } from "../helpers/rule-tester.js";

export interface Sources {
  docs?: Record<string, string>;
  schemas?: Record<string, string>;
  /** TypeScript files (see `asConst`, `union`). */
  code?: Record<string, string>;
  /** Config keys besides docs, schemas, code and `cli.binaries: ["aw"]` (e.g. `vocabularies`). */
  config?: Record<string, unknown>;
}

export function vocabProject(src: Sources): CaseFiles {
  return {
    "docpact.config.json": { docs: ["**/*.md"], schemas: ["**/*.schema.json"], code: { include: ["src/**/*.ts"] }, cli: { binaries: ["aw"] }, ...src.config },
    ...src.docs,
    ...src.schemas,
    ...src.code,
  };
}

/** `export const NAME = [...] as const;` on line `line` (blank comment lines before it), with an optional `@docpact-mirror` tag. */
export function asConst(name: string, values: string[], opts: { line?: number; mirror?: string } = {}): string {
  const pad = "//\n".repeat(Math.max(0, (opts.line ?? 1) - 1 - (opts.mirror ? 1 : 0)));
  const tag = opts.mirror ? `/** @docpact-mirror ${opts.mirror} */\n` : "";
  return `${pad}${tag}export const ${name} = [${values.map((v) => JSON.stringify(v)).join(", ")}] as const;\n`;
}

/** A file of the vocab-rename fixture. */
export const renameFixture = (p: string) => readFileSync(fileURLToPath(new URL(`../fixtures/vocab-rename/${p}`, import.meta.url)), "utf8");
