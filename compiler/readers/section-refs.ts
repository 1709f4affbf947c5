/**
 * `§` section references: a link to a Markdown document (or inline code
 * holding a relative `.md` path), then ` § ` or ` (§ `, then an emphasized
 * heading name. Recognized on mdast siblings, so the three parts must be
 * adjacent nodes of one phrasing container.
 */
import type { Emphasis, InlineCode, Link, Nodes, Text } from "mdast";
import { toString } from "mdast-util-to-string";

export interface RawSectionRef {
  target: string;
  section: string;
  start: number;
  end: number;
}

const MD_PATH = /\.(?:md|markdown|mdx)$/i;
const GLUE = /^\s*\(?\s*§\s*$/;
const INLINE_PATH = /^[^\s<>{}*|`]+\.(?:md|markdown|mdx)(?:#[^\s]*)?$/i;

/** The document path of a link url or inline-code path, or null when it is not a relative Markdown path. */
export function markdownTarget(raw: string): string | null {
  const hash = raw.indexOf("#");
  const path = hash === -1 ? raw : raw.slice(0, hash);
  if (!path || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("//")) return null;
  return MD_PATH.test(path) ? path : null;
}

/** Section references among one container's children. */
export function findSectionRefs(children: readonly Nodes[]): RawSectionRef[] {
  const out: RawSectionRef[] = [];
  for (let i = 0; i + 2 < children.length; i++) {
    const head = children[i];
    let target: string | null = null;
    if (head.type === "link") target = markdownTarget((head as Link).url);
    else if (head.type === "inlineCode") {
      const v = (head as InlineCode).value.trim();
      if (INLINE_PATH.test(v)) target = markdownTarget(v);
    }
    if (target === null) continue;
    const glue = children[i + 1];
    if (glue.type !== "text" || !GLUE.test((glue as Text).value)) continue;
    const emph = children[i + 2];
    if (emph.type !== "emphasis") continue;
    const section = toString(emph as Emphasis)
      .replace(/\s+/g, " ")
      .trim();
    const start = head.position?.start.offset;
    const end = emph.position?.end.offset;
    if (!section || start === undefined || end === undefined) continue;
    out.push({ target, section, start, end });
    i += 2;
  }
  return out;
}
