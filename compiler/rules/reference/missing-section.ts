import { escapeRegExp } from "../../util/text.js";
import { contentRemovalText, headingRemoval } from "../../model/history.js";
import { closestHeading, findSection, headingMatches, referenceIndex, resolveSection } from "../../model/references.js";
import { defineRule } from "../types.js";
import { replaceInSpan } from "../fix-edit.js";

/** `[doc](x.md) § *Name*` where x.md has no heading called Name. */
export default defineRule({
  meta: {
    id: "reference/missing-section",
    perDocument: { consults: ["references"] },
    defaultSeverity: "error",
    fixable: true,
    description: "A § section reference names a heading its target document does not have.",
    explanation:
      "Docs point at sections by name: a link (or a backticked relative path) to a Markdown document followed by `§` and an emphasized heading name, " +
      "as in `[the chassis](../loops/CHASSIS.md) § *Compact / resume*`. The reference holds when the target document has a heading equal to the name, or starting with it " +
      "followed by a separator (` — `, ` – `, ` - `, `: `, ` (`), ignoring case and inline markup. Renamed headings break such references without breaking any link; " +
      "the rule suggests the closest heading. Inside a git work tree the message names the commit that removed or renamed the heading (the newest of the last " +
      "1,000 commits that touched the documents), and a rename's current heading is the suggestion, which `docpact build --fix` writes in place of the old name (the closest heading by spelling is never applied; a heading the same commit added to one other document is reported as moved there). A name the target has only as a bold entry (a table row's first cell or a paragraph's, quote's or list item's lead: `| **host-memory** |`, `> **host-memory (tiers).**`) is counted as not judged: the part exists, though not as a heading. Targets that do not exist are left to reference/broken-link and reference/missing-path; documents outside the `docs` globs are not judged.",
    messages: {
      missingSection: '{{path}} has no section "{{section}}"',
    },
    examples: {
      bad: { "README.md": "See [the guide](docs/guide.md) § *Instal*.\n", "docs/guide.md": "# Guide\n\n## Install\n" },
      good: { "README.md": "See [the guide](docs/guide.md) § *Install*.\n", "docs/guide.md": "# Guide\n\n## Install\n" },
    },
    example: {
      bad: "[loop](../loops/x/LOOP.md) (§ *Delta 4*) after the heading became `## Delta four`.",
      fix: "Name the heading as it is now, or restore it.",
    },
  },
  check(ctx) {
    const index = referenceIndex(ctx.model);
    for (const doc of ctx.model.docs) {
      for (const ref of doc.sectionRefs) {
        const r = resolveSection(index, doc, ref);
        if (r.status !== "missing" || r.path === null) continue;
        const target = index.docs.get(r.path);
        if (!target) continue;
        // The target names the part as a bold entry (a table row's first cell, a paragraph's or item's lead: `**host-memory**`), not as a heading: not judged.
        if (boldEntry(ctx.model.texts.get(r.path), ref.section)) {
          ctx.notJudged(ref.span, `${r.path} names "${ref.section}" as a bold entry (a table row or a paragraph's lead), not as a heading`, {
            kind: "anchors",
          });
          continue;
        }
        // Git history, when there is one, says what became of the heading: the rename beats a guess.
        const gone = headingRemoval(
          ctx.model.history,
          r.path,
          (h) => headingMatches(h, ref.section),
          (h) => findSection(target.headings, h) !== null,
        );
        const renamed = gone?.now ? (findSection(target.headings, gone.now)?.text ?? null) : null;
        // A section moved to another document has no near heading here worth suggesting.
        const hint = renamed ?? (gone?.removal.kind === "moved" ? null : closestHeading(target.headings, ref.section));
        // Only the rename git recorded is applied; a heading with emphasis or code markers would break the reference's own.
        const fix =
          renamed !== null && gone && !/[*_`[\]]/.test(renamed)
            ? replaceInSpan(
                ctx.model.texts.get(doc.file),
                ref.span,
                ref.section,
                renamed,
                `name the section "${renamed}" (heading renamed in ${gone.removal.commit})`,
                "last",
              )
            : null;
        ctx.report({
          span: ref.span,
          messageId: "missingSection",
          data: { path: r.path, section: ref.section },
          ...(gone ? { evidence: `heading ${contentRemovalText(gone.removal, (v) => `"${v}"`)}` } : {}),
          ...(ctx.model.history ? { historyAsk: { files: [r.path] } } : {}),
          ...(hint ? { suggestions: [hint] } : {}),
          ...(fix ? { fix } : {}),
          related: [{ file: r.path, line: 1, column: 1, message: "target document" }],
        });
      }
    }
  },
});

/** Does `text` open a table row's cell, a paragraph, a quote or a list item with `name` in bold (`| **host-memory** |`, `> **host-memory (tiers)**`)? */
function boldEntry(text: string | undefined, name: string): boolean {
  if (text === undefined) return false;
  const plain = name.replace(/[*_`]/g, "").trim();
  if (plain === "") return false;
  const esc = escapeRegExp(plain);
  return new RegExp(`^[ \\t]*(?:>[ \\t]*)?(?:[-*+][ \\t]+|\\|[ \\t]*)?\\*\\*[ \\t]*\`?${esc}\`?(?:\\*\\*|[ \\t]*[(:—–.]|[ \\t]+-)`, "im").test(text);
}
