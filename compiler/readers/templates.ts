/**
 * Reads region templates: the built-ins from docpact's `templates/`,
 * overridden or extended by `NAME.hbs` in the config's `templates` folder.
 * Part of the read stage, so emitters never touch the file system.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "../util/input-fs.js";
import { guardedRead } from "../util/guarded-read.js";
import { join, posix } from "node:path";
import { DEFAULT_LIMITS } from "../config/limits.js";

/** Built-in region templates (files `templates/NAME.hbs` of the docpact package). */
export const BUILTIN_TEMPLATES = ["commands", "delegations", "rules", "schema-table", "sites", "vocabulary"] as const;
export type BuiltinTemplate = (typeof BUILTIN_TEMPLATES)[number];

export function isBuiltin(name: string): name is BuiltinTemplate {
  return (BUILTIN_TEMPLATES as readonly string[]).includes(name);
}

export interface LoadedTemplate {
  name: string;
  origin: "builtin" | "user";
  /** Where it came from, for messages: `templates/vocabulary.hbs` (docpact) or the root-relative user path. */
  file: string;
  text: string;
  /** Set when the file was not read (outside the root, not a regular file, too large): regions using it are malformed. */
  refused?: string;
}

export interface TemplateSet {
  templates: Map<string, LoadedTemplate>;
  /** Root-relative user folder, when configured. */
  userDir: string | null;
  /** Set when the configured folder cannot be read. */
  userDirProblem: string | null;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Loads the built-ins from `builtinDir` and the user's `NAME.hbs` files from
 * `root/userDir` (user templates win). Unreadable files are skipped; a
 * missing folder is reported in `userDirProblem`.
 */
export function loadTemplates(builtinDir: string, root: string, userDir: string | null, maxBytes = DEFAULT_LIMITS.maxFileBytes): TemplateSet {
  const templates = new Map<string, LoadedTemplate>();
  for (const name of BUILTIN_TEMPLATES) {
    const text = readBuiltin(join(builtinDir, `${name}.hbs`));
    if (text !== null) templates.set(name, { name, origin: "builtin", file: `templates/${name}.hbs`, text });
  }
  let userDirProblem: string | null = null;
  if (userDir !== null) {
    const abs = join(root, userDir);
    if (!existsSync(abs) || !statSync(abs).isDirectory()) {
      userDirProblem = `the templates folder ${userDir} does not exist`;
    } else {
      for (const entry of readdirSync(abs).sort()) {
        if (!entry.endsWith(".hbs")) continue;
        const name = entry.slice(0, -4);
        if (!NAME.test(name)) continue;
        const file = posix.join(userDir, entry);
        // A user template is read like any input: a regular file inside the root, within limits.maxFileBytes.
        const r = guardedRead(root, join(abs, entry), `template ${file}`, { maxBytes });
        templates.set(name, r.ok ? { name, origin: "user", file, text: r.text } : { name, origin: "user", file, text: "", refused: r.message });
      }
    }
  }
  return { templates, userDir, userDirProblem };
}

/** A built-in template: a file of docpact's own package, outside the project (no project guard applies). */
function readBuiltin(path: string): string | null {
  try {
    return readFileSync(path, "utf8").replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}
