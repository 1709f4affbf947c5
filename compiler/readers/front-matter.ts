/**
 * A document's leading YAML front matter (`---` … `---`), parsed with a real
 * YAML parser. Only top-level scalars are kept: the site generators route by
 * them (`id`, `slug`, `permalink`) and plain data stays cacheable.
 */
import { parse } from "yaml";

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*$/m;

export function readFrontMatter(text: string): Record<string, string | number | boolean> | null {
  const open = OPEN.exec(text);
  if (!open) return null;
  const rest = text.slice(open[0].length);
  const close = CLOSE.exec(rest);
  if (!close) return null;
  let value: unknown;
  try {
    value = parse(rest.slice(0, close.index), { prettyErrors: false });
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v))) out[k] = v;
  }
  return out;
}
