/**
 * A document's leading YAML front matter (`---` … `---`). The Markdown
 * reader only cuts the block out (cheap, on every document); the few
 * consumers that route by it (Docusaurus `id` / `slug`) parse it with a real
 * YAML parser, once per document, keeping top-level scalars.
 */
import { mapMemo } from "./memo.js";
import { yaml } from "./yaml.js";

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*$/m;

/** The raw YAML of a leading front matter block, or null when there is none. */
export function frontMatterBlock(text: string): string | null {
  const open = OPEN.exec(text);
  if (!open) return null;
  const rest = text.slice(open[0].length);
  const close = CLOSE.exec(rest);
  return close ? rest.slice(0, close.index) : null;
}

export type FrontMatter = Record<string, string | number | boolean>;

const parsed = mapMemo<string, FrontMatter | null>("util/front-matter#parsed", 4096);

/** Top-level scalar fields of a front matter block; null when it is not a YAML mapping. */
export function parseFrontMatter(block: string | null): FrontMatter | null {
  if (block === null) return null;
  const hit = parsed.get(block);
  if (hit !== undefined) return hit;
  let value: unknown;
  try {
    value = yaml().parse(block, { prettyErrors: false });
  } catch {
    value = null;
  }
  let out: FrontMatter | null = null;
  if (value && typeof value === "object" && !Array.isArray(value)) {
    out = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v))) out[k] = v;
    }
  }
  parsed.set(block, out);
  return out;
}
