/**
 * The `@docpact-command` JSDoc escape hatch, for commands no other adapter
 * can read (dispatch tables, generated handlers). On any declaration:
 *
 * - `@docpact-command flow advance` — the command path; `@docpact-command .`
 *   (or `$0`) names the root command of a single-command CLI;
 * - `@docpact-flags --json --retry <n> -f` — its flags (a `<value>` /
 *   `[value]` after a flag gives it a value); without the tag the command
 *   reads the CLI's global flag set;
 * - `@docpact-verbs soft hard` — its sub-commands (closed);
 * - `@docpact-aliases rw` — other names of the command;
 * - `@docpact-args <id> [files...]` — its positionals;
 * - `@docpact-open reason` — the command's flags are not all declared here.
 */
import type { CommandDecl, FlagSpec } from "../../model/cli.js";
import { jsDocTag, spanOf, ts } from "../code-source.js";
import { type CliAdapter, defineReader, command, type Opening, parseOptionSpec, positionalsOfSpec } from "./adapter.js";

export const jsdocAdapter: CliAdapter = defineReader({
  id: "jsdoc",
  shownBy: { code: "/** @docpact-command build */\nexport function build() {}\n", initSays: "the jsdoc (@docpact-command) adapter applies" },
  docs: "the escape hatch: `@docpact-command flow advance` with `@docpact-flags`, `@docpact-verbs`, `@docpact-args`",
  order: 90,
  detect: (text) => text.includes("@docpact-command"),
  read(files) {
    const commands: CommandDecl[] = [];
    const openings: Opening[] = [];
    for (const file of files) {
      const visit = (node: ts.Node): void => {
        const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc;
        const cmd = docs && docs.length > 0 ? jsDocTag(node, "docpact-command") : null;
        if (cmd !== null) {
          const words = cmd.split(/\s+/).filter(Boolean);
          const path = words.length === 1 && (words[0] === "." || words[0] === "$0") ? [] : words;
          const flagsTag = jsDocTag(node, "docpact-flags");
          const verbsTag = jsDocTag(node, "docpact-verbs");
          const aliasesTag = jsDocTag(node, "docpact-aliases");
          const argsTag = jsDocTag(node, "docpact-args");
          const openTag = jsDocTag(node, "docpact-open");
          const named = ts.isVariableStatement(node) ? node.declarationList.declarations[0]?.name : (node as { name?: ts.Node }).name;
          const span = spanOf(file, named ?? node);
          if (path.length > 0 || words.length === 1) {
            commands.push(
              command(path, span, "jsdoc", {
                verbs: verbsTag === null ? null : verbsTag.split(/[\s,]+/).filter(Boolean),
                options: flagsTag === null ? [] : flagsOfTag(flagsTag),
                flagScope: flagsTag === null ? "global" : "declared",
                aliases: aliasesTag === null ? [] : aliasesTag.split(/[\s,]+/).filter(Boolean),
                positionals: argsTag === null ? [] : positionalsOfSpec(argsTag),
                isDefault: path.length === 0,
              }),
            );
            if (openTag !== null) openings.push({ path, set: "flags", reason: openTag || "@docpact-open", span });
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(file.sf);
    }
    return { commands, openings };
  },
});

/** `--json --retry <n>, -f` → flags; a placeholder after a flag is its value. */
function flagsOfTag(text: string): FlagSpec[] {
  const out: FlagSpec[] = [];
  const toks = text.split(/[\s,]+/).filter(Boolean);
  for (let i = 0; i < toks.length; i++) {
    let spec = toks[i];
    if (toks[i + 1] && /^[<[]/.test(toks[i + 1])) spec += ` ${toks[++i]}`;
    const f = parseOptionSpec(spec);
    if (f) out.push(f);
  }
  return out;
}

export default jsdocAdapter;
