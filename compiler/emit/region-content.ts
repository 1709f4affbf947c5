/**
 * The byte format of a region, in one place: what sits between the markers,
 * how its hash is computed, and how a rendered template becomes region text.
 *
 *   <!-- docpact:begin NAME args -->⏎
 *   generated content, ending with a line break⏎
 *   <!-- docpact:end sha=1a2b3c4d -->
 *
 * Line breaks inside the region follow the document's (`\n` or `\r\n`); the
 * hash is taken over the content normalized to `\n`, so a checkout that
 * converts line endings does not look like a hand edit.
 */
import { readMarkdown } from "../readers/markdown.js";
import { createHash } from "node:crypto";

/** Length of the recorded hash, in hex digits. */
export const SHA_LENGTH = 8;

/** The first 8 hex digits of the SHA-256 of `content` normalized to LF. */
export function regionSha(content: string): string {
  return createHash("sha256").update(toLf(content), "utf8").digest("hex").slice(0, SHA_LENGTH);
}

export function toLf(s: string): string {
  return s.replace(/\r\n?/g, "\n");
}

/**
 * The content of a region as written: the text between the markers without
 * the line break that follows the begin marker, normalized to LF.
 */
export function currentContent(inner: string): string {
  const body = inner.startsWith("\r\n") ? inner.slice(2) : inner.startsWith("\n") || inner.startsWith("\r") ? inner.slice(1) : inner;
  return toLf(body);
}

/**
 * A template's output as region content: LF, no leading or trailing blank
 * lines, and one final line break (empty output stays empty).
 */
export function normalizeOutput(out: string): string {
  const lf = toLf(out)
    .replace(/^(?:[ \t]*\n)+/, "")
    .replace(/\s+$/, "");
  return lf === "" ? "" : `${lf}\n`;
}

export function endMarker(sha: string): string {
  return `<!-- docpact:end sha=${sha} -->`;
}

/** The full region text build writes: the begin marker as written, content in the document's line endings, the end marker with the hash. */
export function regionText(beginMarker: string, content: string, eol: "\n" | "\r\n"): string {
  const body = eol === "\n" ? content : content.replace(/\n/g, eol);
  return `${beginMarker}${eol}${body}${endMarker(regionSha(content))}`;
}

/** True when generated text would itself be read as a region marker. */
export function containsMarker(content: string): boolean {
  if (!/<!--\s*docpact:(?:begin|end)(?=\s|-->)/.test(content)) return false;
  // Markers shown inside code (a rule's example) are text, not markers: ask the reader.
  const doc = readMarkdown("region", content, { binaries: [], markers: [] });
  return doc.regions.length > 0 || doc.regionProblems.length > 0;
}
