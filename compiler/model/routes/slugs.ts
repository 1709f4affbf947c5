/**
 * Heading ids as each site generator makes them: its slug function, its
 * custom-id syntax and how it numbers repeated headings. The input is the
 * heading's plain text as the Markdown reader gives it (inline code and
 * emphasis by their text).
 */
import { githubSlug } from "../../util/slug.js";

/** How repeats of one slug are numbered. */
export type Dedupe =
  /** `x`, `x-1`, `x-2` (GitHub, github-slugger, markdown-it-anchor, mdBook). */
  | "dash"
  /** `x`, `x-2`, `x-3` (`@sindresorhus/slugify`'s counter, Mintlify). */
  | "dash2"
  /** `x`, `x_1`, `x_2` (Python-Markdown's toc). */
  | "underscore";

export interface SlugStyle {
  slug(text: string): string;
  dedupe: Dedupe;
  /** `{#id}` (or `{ #id .class }`) at the end of a heading sets its id. */
  customIds: boolean;
  /**
   * Whether the slug function is known for this heading text; absent: for every text.
   * A page with a heading it is not known for has its missing anchors not judged.
   */
  known?(text: string): boolean;
  /** The slug is made from the heading's Markdown source (`[a](b) _c_`), not its plain text (Docsify slugs marked's raw `text`). */
  source?: true;
}

/** `## Title {#custom-id}` → `custom-id` and `Title`; also `{ #id .cls key=v }` (attr_list, markdown-it-attrs). */
const CUSTOM_ID = /\s*\{\s*(?:[.:][^\s}]+\s+|[\w-]+=(?:"[^"]*"|\S+)\s+)*#([^\s}]+)[^}]*\}\s*$/;

export function customId(text: string): { id: string; text: string } | null {
  const m = CUSTOM_ID.exec(text);
  return m ? { id: m[1], text: text.slice(0, m.index) } : null;
}

// ── slug functions ──

/** VitePress's default (`@mdit-vue/shared` slugify, used with markdown-it-anchor). */
export function vitepressSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036F]/g, "")
    .replace(/[\u0000-\u001f]/g, "")
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .replace(/^(\d)/, "_$1")
    .toLowerCase();
}

/** Python-Markdown's `toc` slugify (MkDocs's default): ASCII-folded, `[^\w\s-]` dropped, runs of `-`/space to one `-`. */
export function mkdocsSlug(text: string): string {
  const ascii = text.normalize("NFKD").replace(/[^\x00-\x7F]/g, "");
  return ascii
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, "-");
}

/** mdBook's `normalize_id`: alphanumerics, `_` and `-` kept (ASCII lowercased), whitespace to `-`, the rest dropped. */
export function mdbookSlug(text: string): string {
  let out = "";
  for (const ch of text.trim()) {
    if (/[\p{L}\p{N}_-]/u.test(ch)) out += /[A-Z]/.test(ch) ? ch.toLowerCase() : ch;
    else if (/\s/u.test(ch)) out += "-";
  }
  return out;
}

/**
 * Mintlify (`@mintlify/common` slugify: `@sindresorhus/slugify` with `decamelize: false`,
 * `_` preserved): lowercase, every run of other characters one `-`, none at the ends.
 * Exact only for the texts `mintlifySlugKnown` accepts: other characters are
 * percent-encoded and kept, `&` and quotes handled apart (its docs: `fees-&-billing`, `what’s-next`).
 */
export function mintlifySlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Texts of ASCII letters, digits, spaces, `-`, `_` and `.`: `encodeURIComponent` leaves them as they are. */
export function mintlifySlugKnown(text: string): boolean {
  return /^[A-Za-z0-9 _.-]*$/.test(text.trim());
}

export { githubSlug };

/** The ids of a document's headings, in order: custom ids where the style has them, repeats numbered. */
export function headingIds(texts: readonly string[], style: SlugStyle): string[] {
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  const out: string[] = [];
  for (const raw of texts) {
    const custom = style.customIds ? customId(raw) : null;
    if (custom) {
      seen.add(custom.id);
      out.push(custom.id);
      continue;
    }
    const base = style.slug(raw);
    let id = base;
    if (style.dedupe === "dash2") {
      let n = counts.get(base) ?? 1;
      while (seen.has(id)) id = `${base}-${++n}`;
      counts.set(base, n);
    } else if (style.dedupe === "dash") {
      let n = counts.get(base) ?? 0;
      while (seen.has(id)) id = `${base}-${++n}`;
      counts.set(base, n);
    } else {
      // Python-Markdown's `unique`: `x_1` becomes `x_2`, an empty id becomes `_1`.
      while (seen.has(id) || id === "") {
        const m = /^(.*)_(\d+)$/.exec(id);
        id = m ? `${m[1]}_${Number(m[2]) + 1}` : `${id}_1`;
      }
    }
    seen.add(id);
    out.push(id);
  }
  return out;
}
