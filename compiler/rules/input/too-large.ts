import { defineRule } from "../types.js";

/** Inputs past a size or nesting limit: named and skipped, never a crash or a parser that runs for minutes. */
export default defineRule({
  meta: {
    id: "input/too-large",
    // A warning: the file is not drift, it is unread; the run says so without failing CI on a large CHANGELOG.
    defaultSeverity: "warning",
    description: "An input file is larger, or nests deeper, than docpact's limits.",
    explanation:
      "Parsers spend time that grows with a file's size and stack that grows with its nesting. docpact checks a document or schema against " +
      "`limits.maxFileBytes` (default 512 KiB) before parsing it, and a document's blockquote and list nesting against `limits.maxNesting` (default 100), " +
      "so one pathological file is reported by name instead of ending the run or hanging it. The file is not read; raise the limit in " +
      "`docpact.config.json` if the file is meant to be that large, or leave it out of the `docs`/`schemas` globs.",
  },
  check(ctx) {
    for (const p of ctx.model.readProblems) if (p.kind === "too-large") ctx.report({ span: p.span, message: p.message });
  },
});
