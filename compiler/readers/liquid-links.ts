/**
 * Links written with a site generator's templates: Jekyll's Liquid
 * (`[a]({{ '/docs/x/' | relative_url }})`, `[a]({% link _docs/x.md %})`,
 * `[a]({% post_url 2020-01-02-name %})`) and Hugo's `ref` / `relref` shortcodes
 * (`[a]({{< ref "x.md#y" >}})`, `{{% relref path="x" %}}`), and reference
 * definitions of the same forms. CommonMark does not parse these as links (a
 * destination cannot hold spaces), so they are found in the source text,
 * outside code. The reader only finds them; what they mean is decided by the
 * generator of the document's site (its descriptor's `templateLink`), or not judged.
 */
import type { OffsetRange } from "./regions-syntax.js";

export type LiquidTemplate = "relative_url" | "absolute_url" | "link" | "post_url" | "ref" | "relref";

export interface LiquidLink {
  kind: "link" | "image" | "definition";
  /** The path the template names, with the fragment written after it (`/docs/x/#y`). */
  url: string;
  text: string;
  template: LiquidTemplate;
  start: number;
  end: number;
}

// `{{ 'path' | relative_url }}`, `{{ site.baseurl }}/path`, `{% link path %}` / `{% post_url name %}`, or Hugo's `{{< ref "path#x" >}}` / `{{% relref path="p" %}}`; then an optional `#fragment`.
const DEST = String.raw`(?:\{\{-?\s*(?<q>['"])(?<outPath>[^'"\n]*)\k<q>\s*\|\s*(?<filter>relative_url|absolute_url)\s*-?\}\}|\{\{-?\s*site\.baseurl\s*-?\}\}(?<basePath>/[^\s)#]*)|\{%-?\s*(?<tag>link|post_url)\s+(?<tagPath>[^\s%]+)\s*-?%\}|\{\{[<%]\s*(?<shortcode>ref|relref)\s+(?:path\s*=\s*)?(?<sq>["'\x60])(?<scPath>[^"'\x60\n#]*)(?<scFragment>#[^"'\x60\n]*)?\k<sq>\s*[>%]\}\})(?<fragment>#[^)\s]*)?`;
// Anchored at a link destination's `(`: the template, then the closing `)`.
const INLINE_DEST = new RegExp(String.raw`\(\s*${DEST}\s*\)`, "y");
const DEFINITION = new RegExp(String.raw`^[ ]{0,3}\[(?<label>[^\]\n]+)\]:[ \t]*${DEST}[ \t]*$`, "gm");
/** How far back from `](` a label's `[` is looked for (labels are short; bounded work on hostile input). */
const MAX_LABEL = 1000;

function destinationOf(g: Record<string, string | undefined>): { url: string; template: LiquidTemplate } {
  const template = (g.filter ?? g.tag ?? g.shortcode ?? "relative_url") as LiquidTemplate;
  const path = g.outPath ?? g.basePath ?? g.tagPath ?? g.scPath ?? "";
  return { url: path + (g.scFragment ?? g.fragment ?? ""), template };
}

const WHOLE_DEST = new RegExp(String.raw`^\s*${DEST}\s*$`);

/** A raw HTML attribute value that is one template (`href="{{< ref "x" >}}#y"`): the path it names and the template; else null. */
export function templateDestination(value: string): { url: string; template: LiquidTemplate } | null {
  const m = value.includes("{") ? WHOLE_DEST.exec(value) : null;
  return m ? destinationOf(m.groups!) : null;
}

/** Every Liquid link in `text` whose start lies outside `skip` (code spans and blocks). */
export function liquidLinks(text: string, skip: readonly OffsetRange[]): LiquidLink[] {
  if (!text.includes("{{") && !text.includes("{%")) return [];
  const inSkip = (at: number) => skip.some((r) => at >= r.start && at < r.end);
  const out: LiquidLink[] = [];
  const push = (kind: LiquidLink["kind"], label: string, g: Record<string, string | undefined>, start: number, end: number) => {
    out.push({ kind, ...destinationOf(g), text: label, start, end });
  };
  // Found from each `](` that opens a template (linear: no scan from every `[`).
  for (let at = text.indexOf("]("); at !== -1; at = text.indexOf("](", at + 2)) {
    const after = text.slice(at + 2, at + 8).trimStart();
    if (!after.startsWith("{{") && !after.startsWith("{%")) continue;
    // The label's `[` on the same line, looked for within MAX_LABEL characters only (no scan back through the text).
    const from = Math.max(0, at - MAX_LABEL);
    const window = text.slice(from, at);
    const rel = window.lastIndexOf("[");
    if (rel === -1 || rel < window.lastIndexOf("\n") || window.slice(rel + 1).includes("]")) continue;
    const open = from + rel;
    INLINE_DEST.lastIndex = at + 1;
    const m = INLINE_DEST.exec(text);
    if (!m) continue;
    const start = open > 0 && text[open - 1] === "!" ? open - 1 : open;
    if (inSkip(start)) continue;
    push(start < open ? "image" : "link", text.slice(open + 1, at), m.groups!, start, at + 1 + m[0].length);
  }
  for (const m of text.matchAll(DEFINITION)) {
    if (!inSkip(m.index)) push("definition", "", m.groups!, m.index, m.index + m[0].length);
  }
  return out.sort((a, b) => a.start - b.start);
}
