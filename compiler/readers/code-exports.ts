/**
 * Which code files have a default export (`export default …`, or a default
 * exported function or class), read from syntax alone: what a generated
 * registry module (config `generate.registries`) imports.
 */
import { type ParsedFile, ts } from "./code-source.js";

/** Root-relative paths of the files with a default export, sorted. */
export function readDefaultExports(files: readonly ParsedFile[]): string[] {
  return files
    .filter((f) => hasDefaultExport(f.sf))
    .map((f) => f.rel)
    .sort();
}

function hasDefaultExport(sf: ts.SourceFile): boolean {
  return sf.statements.some((s) => {
    if (ts.isExportAssignment(s)) return !s.isExportEquals;
    if (ts.isExportDeclaration(s)) {
      const clause = s.exportClause;
      return !s.isTypeOnly && clause !== undefined && ts.isNamedExports(clause) && clause.elements.some((e) => e.name.text === "default" && !e.isTypeOnly);
    }
    if (!ts.isFunctionDeclaration(s) && !ts.isClassDeclaration(s)) return false;
    const mods = ts.getModifiers(s) ?? [];
    return mods.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) && mods.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  });
}
