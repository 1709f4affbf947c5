// Every documented place a mutation breaks: the lines of the docs in scope that name what the
// mutation renames or removes (`names`), found by searching the checkout, not by what docpact saw.
import picomatch from "picomatch";
import { linesOf } from "./text.mjs";

const neverRead = /(^|\/)(node_modules|\.git)\//;

/** The docs in scope of a config (its `docs` globs, `!` patterns excluding, in order; default every .md). */
export function docsInScope(files, config) {
  const globs = config?.docs ?? ["**/*.md"];
  const rules = globs.map((g) =>
    g.startsWith("!") ? { keep: false, match: picomatch(g.slice(1), { dot: true }) } : { keep: true, match: picomatch(g, { dot: true }) },
  );
  return files.filter((f) => {
    if (neverRead.test(f)) return false;
    let keep = false;
    for (const r of rules) if (r.match(f)) keep = r.keep;
    return keep;
  });
}

/** A name matches as a whole token: not inside a longer word, flag or dotted path. */
function matcher(name) {
  if (typeof name === "object" && name.regex) return new RegExp(name.regex);
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-]|\\.\\w)`);
}

/** Lines of `docs` that mention any of `names`: [{ file, line, text }], sorted. */
export function documentedPlaces(root, docs, names) {
  const res = names.map(matcher);
  const out = [];
  for (const file of docs) {
    const lines = linesOf(root, file);
    if (!lines) continue;
    lines.forEach((text, i) => {
      if (res.some((re) => re.test(text))) out.push({ file, line: i + 1, text: text.trim().slice(0, 160) });
    });
  }
  return out;
}

/**
 * Places no expectation lists (in scope or `open`) and no `ignore` entry explains: each must be
 * added to the mutation, as an expectation, an open one with its reason, or an ignore (not a mention).
 */
export function unlistedPlaces(places, mutation) {
  const listed = [...mutation.expect, ...(mutation.ignore ?? [])];
  return places.filter((p) => !listed.some((x) => x.file === p.file && (x.line === undefined || x.line === p.line)));
}
