/** Helpers for the CLI adapter tests: a fixture's command surface, and `check` on a copy of it after edits. */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { globSync } from "tinyglobby";
import { check } from "../../../compiler/api.js";
import type { CommandSurface } from "../../../compiler/model/cli.js";
import { readCode } from "../../../compiler/readers/code.js";
import { copyProject, repoRoot } from "../../helpers/cli.js";

/** The fixture's surface, read the way `check` reads it (every `.ts` under src/). */
export function surfaceOf(fixture: string, binaries: string[]): CommandSurface {
  const root = join(repoRoot, "test/fixtures", fixture);
  const files = globSync(["src/**/*.ts"], { cwd: root }).sort();
  const texts = new Map(files.map((f) => [f, readFileSync(join(root, f), "utf8")]));
  return readCode(root, files, { binaries, commandType: null, flagAccessors: [] }, texts).surface;
}

/** Compact view of a surface: `path` → flags, aliases, positionals and why a set is open. */
export function table(s: CommandSurface): Record<string, string> {
  return Object.fromEntries(
    s.commands.map((c) => [
      c.path.join(" ") || "(root)",
      [
        `flags=${(c.flags ?? []).join(",")}`,
        c.aliases.length ? `aliases=${c.aliases.join(",")}` : "",
        c.positionals.length ? `args=${c.positionals.map((p) => `${p.name}${p.required ? "" : "?"}${p.variadic ? "..." : ""}`).join(",")}` : "",
        c.flagSet.closed ? "" : `flags open: ${c.flagSet.reason}`,
        c.commandSet.closed ? "" : `commands open: ${c.commandSet.reason}`,
      ]
        .filter(Boolean)
        .join(" "),
    ]),
  );
}

export type Edit = { file: string; find: string; replace: string } | { file: string; moveTo: string };

/** `check` on a fresh copy of the fixture with `edits` applied; the CLI errors as `file:line rule message`. */
export async function cliErrors(fixture: string, edits: Edit[] = []): Promise<string[]> {
  const root = copyProject(`test/fixtures/${fixture}`);
  for (const e of edits) {
    const file = join(root, e.file);
    if ("moveTo" in e) {
      mkdirSync(dirname(join(root, e.moveTo)), { recursive: true });
      renameSync(file, join(root, e.moveTo));
      continue;
    }
    const text = readFileSync(file, "utf8");
    if (!text.includes(e.find)) throw new Error(`${e.file} has no ${e.find}`);
    writeFileSync(file, text.replace(e.find, e.replace));
  }
  const report = await check({ root });
  return report.diagnostics.filter((d) => d.rule.startsWith("cli/")).map((d) => `${d.file}:${d.line} ${d.rule} ${d.message}`);
}
