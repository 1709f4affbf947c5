/**
 * Registry modules (config `generate.registries`): one generated module per
 * entry that imports the default export of every code file matching its
 * globs, sorted by path, and exports them as one `as const` array. A list of
 * plugins — docpact's own rule catalogue is one — is then never kept by hand,
 * and the type checker can still derive a union from it (the array is a
 * tuple of the modules' literal types).
 */
import { globListMatcher } from "../util/globs.js";
import { posix } from "node:path";
import type { RegistryConfig } from "../config/types.js";
import type { PlannedFile } from "./plan.js";
import { generatedHeader } from "./generated-files.js";
import { camelName, importSpecifier, NameSet } from "./schema-naming.js";
import { lineCommentText, tsString } from "./ts-text.js";

/** Words an import binding may not be. */
const RESERVED =
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await".split(
    " ",
  );

/** The registry modules, from the code files with a default export (sorted root-relative paths). */
export function emitRegistries(registries: readonly RegistryConfig[], outDir: string, defaultExports: readonly string[]): PlannedFile[] {
  return registries.map((r) => {
    const matches = globListMatcher(r.include);
    return registryModule(posix.join(outDir, r.file), r.include, defaultExports.filter((f) => matches(f)).sort());
  });
}

function registryModule(path: string, include: string[], files: string[]): PlannedFile {
  const self = path.replace(/\.ts$/, "");
  const base = commonDir(files);
  const names = new NameSet(RESERVED);
  const bindings = files.map((f) => names.take(camelName(f.slice(base.length).replace(/\.[cm]?tsx?$/, "")) || "module"));
  const imports = files.map((f, i) => `import ${bindings[i]} from ${tsString(importSpecifier(self, f.replace(/\.[cm]?tsx?$/, "")))};`);
  const list = bindings.length ? `[\n${bindings.map((b) => `  ${b},\n`).join("")}] as const` : "[] as const";
  // A line comment: a glob may hold `*/`, which would end a block comment.
  const doc = `// The default export of every code file matching ${lineCommentText(include.join(", "))}, sorted by path.`;
  return { path, content: `${generatedHeader()}\n${imports.join("\n")}${imports.length ? "\n\n" : ""}${doc}\nexport default ${list};\n` };
}

/** The longest folder prefix (with its trailing `/`) all files share. */
function commonDir(files: string[]): string {
  if (files.length === 0) return "";
  let prefix = files[0].slice(0, files[0].lastIndexOf("/") + 1);
  for (const f of files) while (prefix && !f.startsWith(prefix)) prefix = prefix.slice(0, prefix.slice(0, -1).lastIndexOf("/") + 1);
  return prefix;
}
