import { installLines } from "../../model/install-lines.js";
import { editDistance } from "../../util/edit-distance.js";
import { defineRule } from "../types.js";

/** `@scope/leaf` → [scope, leaf]; an unscoped name has scope null. */
function split(name: string): [string | null, string] {
  const m = /^(@[^/]+)\/(.+)$/.exec(name);
  return m ? [m[1], m[2]] : [null, name];
}

/** A package name the docs install or run that is almost this project's own but not one the project has. */
export default defineRule({
  meta: {
    id: "cli/package-name",
    defaultSeverity: "error",
    // Each document's findings depend on it and the package names only, which the references digest covers (model/digests.ts).
    perDocument: { consults: ["references"] },
    description: "An install line in the docs (`npm install -g @scope/pkg`, `npx pkg`) names a package that is almost the project's own name but not it.",
    explanation:
      "A package renamed in package.json keeps its old name in the install lines of the README and the manuals (`npm install -g @tacuchi/agent-workflow` after the package became `@tacuchi/agent-workflow-cli`). " +
      "docpact finds install and run lines in inline code and code blocks (npm install/i/add, pnpm add/install, yarn add, yarn global add, bun add, npx, pnpm dlx, bunx) and compares each package named with the names of every package.json in the project. " +
      "A name the project has is fine. Docs install other packages all the time, so a name the project lacks is an error only where it is certainly a misspelt or stale own name: " +
      "it has the root package's scope and is the root name cut at a dash (`@s/agent-workflow` for `@s/agent-workflow-cli`) or one character from it, or, unscoped, it is one character from the root package's name (six characters or more). A longer name of the same scope is taken for a sibling package. " +
      "Every other install line of a project with a named root package.json is counted as not judged; without a root package.json name nothing is judged.",
    messages: {
      packageName: "`{{name}}` is not this project's package: package.json names it `{{own}}`",
    },
    examples: {
      bad: {
        "package.json": JSON.stringify({ name: "@tacuchi/agent-workflow-cli", bin: { aw: "cli.js" } }),
        "README.md": "```sh\nnpm install -g @tacuchi/agent-workflow\n```\n",
      },
      good: {
        "package.json": JSON.stringify({ name: "@tacuchi/agent-workflow-cli", bin: { aw: "cli.js" } }),
        "README.md": "```sh\nnpm install -g @tacuchi/agent-workflow-cli\nnpx prettier --check .\n```\n",
      },
    },
    example: {
      bad: "`npm install -g @tacuchi/agent-workflow` where package.json's name is `@tacuchi/agent-workflow-cli`.",
      fix: "Install the package by its name: `npm install -g @tacuchi/agent-workflow-cli`.",
    },
  },
  check(ctx) {
    const pkgs = ctx.model.packages;
    const own = pkgs?.root?.name;
    if (!pkgs || !own) return;
    const names = new Set(pkgs.names);
    const [ownScope, ownLeaf] = split(own);
    for (const doc of ctx.model.docs) {
      for (const line of installLines(doc)) {
        if (names.has(line.name)) continue;
        const [scope, leaf] = split(line.name);
        const close = editDistance(leaf, ownLeaf, 2) <= 1;
        // A longer name of the same scope (`@s/cli-plugin-x` beside `@s/cli`) is likely a sibling package: only a shorter one is the own name cut.
        const stale = scope !== null ? scope === ownScope && (close || ownLeaf.startsWith(`${leaf}-`)) : ownScope === null && ownLeaf.length >= 6 && close;
        if (!stale) {
          ctx.notJudged(line.span, `\`${line.name}\` is another package (not this project's own name, nor almost it)`);
          continue;
        }
        ctx.report({ span: line.span, messageId: "packageName", data: { name: line.name, own }, suggestions: [own] });
      }
    }
  },
});
