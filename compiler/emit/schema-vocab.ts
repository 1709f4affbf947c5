/** Vocabulary code: per schema vocabulary, an `as const` array, its union type, a guard and an alias map. */
import type { Vocabulary } from "../model/types.js";
import { type NameSet, pointerName } from "./schema-naming.js";
import { blockCommentText } from "./ts-text.js";

export interface VocabCode {
  code: string;
}

/**
 * `names` already holds the module's other exports; vocabulary names are taken
 * from it in document order so they never collide.
 */
export function vocabularyCode(vocabularies: Vocabulary[], rootName: string, names: NameSet): VocabCode {
  const parts: string[] = [];
  for (const v of vocabularies) {
    const canonical = v.members.filter((m) => !m.deprecated).map((m) => m.value);
    const unique = [...new Set(canonical)];
    const base = pointerName(v.name, rootName);
    let stem = base;
    for (
      let n = 2;
      names.has(`${stem}Member`) || names.has(`is${stem}Member`) || names.has(`${lower(stem)}Members`) || names.has(`${lower(stem)}Replacements`);
      n++
    )
      stem = `${base}${n}`;
    const type = names.take(`${stem}Member`);
    const arr = names.take(`${lower(stem)}Members`);
    const guard = names.take(`is${stem}Member`);
    const map = names.take(`${lower(stem)}Replacements`);
    const replacements: [string, string][] = [];
    // Deprecated members first (document order), then aliases that are no members (declared in config or a mapping file).
    for (const m of [...v.members, ...(v.aliases ?? [])]) {
      if (!m.deprecated || m.replacedBy === undefined) continue;
      // A replacement that is no canonical member is left out; schema/invalid reports it from the model.
      if (!unique.includes(m.replacedBy)) continue;
      replacements.push([m.value, m.replacedBy]);
    }
    const lines = [
      `/** Canonical members of the vocabulary at \`${blockCommentText(v.id)}\`. */`,
      `export const ${arr} = [${unique.map((u) => JSON.stringify(u)).join(", ")}] as const;`,
      "",
      `export type ${type} = ${unique.length === 0 ? "never" : `(typeof ${arr})[number]`};`,
      "",
      `export function ${guard}(value: unknown): value is ${type} {`,
      `  return typeof value === "string" && (${arr} as readonly string[]).includes(value);`,
      "}",
      "",
      `/** Deprecated aliases → their canonical replacement. */`,
      `export const ${map}: Readonly<Record<string, ${type}>> = {${replacements.length === 0 ? "" : "\n" + replacements.map(([a, b]) => `  ${JSON.stringify(a)}: ${JSON.stringify(b)},`).join("\n") + "\n"}};`,
    ];
    parts.push(lines.join("\n"));
  }
  return { code: parts.join("\n\n") };
}

function lower(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}
