/**
 * Links written as raw HTML inside Markdown: `<a href="…">` and `<img src="…">`
 * in an html node (a block of HTML or an inline tag). GitHub and every site
 * generator render them as links and images, so they are read like Markdown
 * links. Only a quoted or bare attribute value is a URL (a Hugo shortcode in it,
 * `href="{{< ref "x" >}}"`, is part of the value); a JSX expression
 * (`href={x}`) is not read. Comments hold no links.
 *
 * In MDX every tag is a JSX element, and a component's `href` prop is a link by
 * the convention every MDX generator's components follow (Mintlify's `<Card>` and
 * `<Button>`, Starlight's `<LinkCard>`, Nextra's `<Cards.Card>`): with `jsx`,
 * the `href` of any component (a capitalized name, as JSX tells components from
 * DOM elements) is read, besides `<a>`'s. A router's `<Link to>` is not read.
 */

export interface RawHtmlLink {
  kind: "link" | "image";
  /** The attribute value, character references decoded (`&amp;` → `&`). */
  url: string;
  /** The text up to the matching `</a>` inside the same html node (empty when the tag closes elsewhere). */
  text: string;
  /** Offsets of the opening tag in the scanned source (of the `href` prop on an MDX component). */
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
const OPEN_JSX = new RegExp(String.raw`<([A-Za-z][\w.:-]*)(\s(?:${SHORTCODE}|${NOT_SC}|[^<>{])*)?>`, "g");
const HREF_JSX = new RegExp(ATTR.source.replace("(href|src)", "(href)"), "i");

/** Raw HTML links and images in `raw` (the source of one html node); `jsx`: the node is MDX. */
export function htmlLinks(raw: string, jsx = false): RawHtmlLink[] {
  if (raw.startsWith("<!--") || !(jsx ? /\shref\s*=|<img\s/i : /<(?:a|img)\s/i).test(raw)) return [];
  const out: RawHtmlLink[] = [];
  const open = jsx ? OPEN_JSX : OPEN;
  open.lastIndex = 0;
  for (let m = open.exec(raw); m; m = open.exec(raw)) {
    // Inside a comment that opened before this tag: not an element.
    const lastOpen = raw.lastIndexOf("<!--", m.index);
    if (lastOpen !== -1 && raw.indexOf("-->", lastOpen) > m.index) continue;
    // JSX names are case-sensitive: `<Img>` is a component.
    const isImg = (jsx ? m[1] : m[1].toLowerCase()) === "img";
    // Lowercase JSX names are DOM elements: of those only `<a>` navigates (`<use href>`, `<link href>` load resources).
    if (jsx && !isImg && m[1] !== "a" && !/^[A-Z]/.test(m[1])) continue;
    const a = (jsx && !isImg ? HREF_JSX : ATTR).exec(m[2] ?? "");
    if (!a || a[1].toLowerCase() !== (isImg ? "src" : "href")) continue;
    const url = decodeEntities((a[2] ?? a[3] ?? a[4] ?? "").trim());
    if (url === "") continue;
    let text = "";
    if (!isImg) {
      const rest = raw.slice(m.index + m[0].length);
      const close = new RegExp(String.raw`</${m[1].replace(/\./g, "\\.")}\s*>`, m[1] === "a" || m[1] === "A" ? "i" : "").exec(rest);
      if (close)
        text = rest
          .slice(0, close.index)
          .replace(/<[^>]*>/g, "")
          .replace(/\s+/g, " ")
          .trim();
    }
    // A component's tag spans many props and often many lines: its span is the `href` prop, where a fix goes.
    const prop = jsx && m[1] !== "a" && !isImg;
    const at = m.index + 1 + m[1].length + a.index + a[0].length - a[0].trimStart().length;
    const [start, end] = prop ? [at, m.index + 1 + m[1].length + a.index + a[0].length] : [m.index, m.index + m[0].length];
    out.push({ kind: isImg ? "image" : "link", url, text: decodeEntities(text), start, end });
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
