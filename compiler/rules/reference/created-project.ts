/**
 * A guide that has the reader create another project or fetch another repository before it names a path
 * (`npm create qwik@latest`, `npx create-next-app my-app`, `git clone https://github.com/o/example && cd example`):
 * the paths after that command are the new project's (`src/global.css` of the Qwik app), not this repository's.
 */
import { posix } from "node:path";
import { shortened } from "../../util/text.js";

const excerpt = (s: string) => shortened(s.trim(), 60, "...");

// A package manager's initializer (`npm create x`, `yarn create x`, `npm init x`, `npm exec create-x`, `npx create-x`),
// a template fetcher (degit, giget, tiged, cargo generate), and the `new` / `init` verb of the common framework CLIs.
const SCAFFOLD = new RegExp(
  [
    String.raw`\b(?:npm|pnpm|yarn|bun)\s+(?:create|init)\s+(?!-)[@\w]`,
    String.raw`\b(?:npx|pnpx|bunx|pnpm\s+dlx|yarn\s+dlx|npm\s+exec)\s+(?:-\S+\s+)*(?:@[\w-]+\/)?create-[\w-]+`,
    String.raw`\b(?:npx\s+)?(?:degit|tiged|giget)\s+\S`,
    String.raw`\bcargo\s+(?:new|generate)\s`,
    String.raw`\b(?:rails|ng|dotnet|hugo\s+new\s+site|jekyll)\s+new\s`,
    String.raw`\bnpx\s+(?:nuxi|sv|@angular\/cli)\s+(?:init|create|new)\b`,
    String.raw`\bdjango-admin\s+startproject\s`,
    String.raw`\bcomposer\s+create-project\s`,
  ].join("|"),
);
const CLONE = /\bgit\s+clone\s+(?:-\S+\s+)*(\S+)/;

/**
 * Why the paths on `line` (1-based) and after are another project's; null when no line up to it creates or fetches one.
 * The text's lines, not only its code: a generator's shortcode (`{{< code lang="bash" >}}`) or raw HTML holds commands too.
 */
export function createdProjectBefore(lines: readonly string[], line: number, own: ReadonlySet<string>): string | null {
  for (let i = 0; i < Math.min(line, lines.length); i++) {
    const text = lines[i];
    const scaffold = SCAFFOLD.exec(text);
    if (scaffold)
      return `the document creates another project before it (\`${excerpt(scaffold[0] + text.slice(scaffold.index + scaffold[0].length).split(/[`<]/)[0])}\`, line ${i + 1}): its paths are that project's`;
    const clone = CLONE.exec(text);
    if (!clone) continue;
    const name = posix
      .basename(
        clone[1]
          .replace(/[`"'),.]+$/, "")
          .replace(/\.git$/, "")
          .replace(/\/+$/, ""),
      )
      .toLowerCase();
    // A clone of this repository (a contributing guide) keeps its paths this repository's.
    if (name !== "" && !own.has(name))
      return `the document clones another repository before it (\`${excerpt(clone[0].replace(/[`"')]+$/, ""))}\`, line ${i + 1}): its paths are that repository's`;
  }
  return null;
}

/** The names this repository goes by: its folder, its packages' names (unscoped). */
export function ownNames(root: string, packages: readonly string[]): Set<string> {
  return new Set([posix.basename(root.replace(/\\/g, "/")), ...packages.flatMap((p) => [p, p.replace(/^@[^/]+\//, "")])].map((n) => n.toLowerCase()));
}
