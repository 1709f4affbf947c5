/**
 * Links written as raw HTML inside Markdown: `<a href="…">` and `<img src="…">`
 * in an html node (a block of HTML or an inline tag). GitHub and every site
 * generator render them as links and images, so they are read like Markdown
 * links. Only a quoted or bare attribute value is a URL (a Hugo shortcode in it,
 * `href="{{< ref "x" >}}"`, is part of the value); a JSX expression
 * (`href={x}`) is not read. Comments hold no links.
 */

export interface RawHtmlLink {
  kind: "link" | "image";
  /** The attribute value, character references decoded (`&amp;` → `&`). */
  url: string;
  /** The text up to the matching `</a>` inside the same html node (empty when the tag closes elsewhere). */
  text: string;
  /** Offsets of the opening tag in the scanned source. */
  start: number;
  end: number;
}

// A Hugo shortcode inside a quoted value (`href="{{< ref "x" >}}#y"`) holds `<`, `>` and quotes of its own.
const SHORTCODE = String.raw`\{\{[<%][^}]*?[>%]\}\}`;
// The alternatives never overlap (a `{` is a shortcode's only where one starts), so a failing match cannot backtrack far.
const NOT_SC = String.raw`\{(?!\{[<%])`;
const OPEN = new RegExp(String.raw`<(a|img)(\s(?:${SHORTCODE}|${NOT_SC}|[^<>{])*)?>`, "gi");
const ATTR = new RegExp(
  String.raw`(?:^|\s)(href|src)\s*=\s*(?:"((?:${SHORTCODE}|${NOT_SC}|[^"{])*)"|'((?:${SHORTCODE}|${NOT_SC}|[^'{])*)'|([^\s"'=<>\`{]+))`,
  "i",
);
const CLOSE_A = /<\/a\s*>/i;

/** Raw HTML links and images in `raw` (the source of one html node). */
export function htmlLinks(raw: string): RawHtmlLink[] {
  if (raw.startsWith("<!--") || !/<(?:a|img)\s/i.test(raw)) return [];
  const out: RawHtmlLink[] = [];
  OPEN.lastIndex = 0;
  for (let m = OPEN.exec(raw); m; m = OPEN.exec(raw)) {
    // Inside a comment that opened before this tag: not an element.
    const lastOpen = raw.lastIndexOf("<!--", m.index);
    if (lastOpen !== -1 && raw.indexOf("-->", lastOpen) > m.index) continue;
    const isA = m[1].toLowerCase() === "a";
    const a = ATTR.exec(m[2] ?? "");
    if (!a || a[1].toLowerCase() !== (isA ? "href" : "src")) continue;
    const url = decodeEntities((a[2] ?? a[3] ?? a[4] ?? "").trim());
    if (url === "") continue;
    let text = "";
    if (isA) {
      const rest = raw.slice(m.index + m[0].length);
      const close = CLOSE_A.exec(rest);
      if (close)
        text = rest
          .slice(0, close.index)
          .replace(/<[^>]*>/g, "")
          .replace(/\s+/g, " ")
          .trim();
    }
    out.push({ kind: isA ? "link" : "image", url, text: decodeEntities(text), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (all, dec: string, hex: string, name: string) => {
    const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : -1;
    if (code >= 0) return code <= 0x10ffff ? String.fromCodePoint(code) : all;
    return NAMED[name.toLowerCase()] ?? all;
  });
}
