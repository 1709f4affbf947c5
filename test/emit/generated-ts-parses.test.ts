/**
 * Hostile input, round 2: every string docpact writes into generated
 * TypeScript is encoded for where it goes. A file named
 * `q";process.exit(7);"x.ts`, a line break or a line separator in a file name,
 * `*​/` in a glob or a schema path: the generated module still parses, and
 * holds only the declarations docpact writes (no statement smuggled in).
 */
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { emitRegistries } from "../../compiler/emit/registries.js";
import { generatedHeader, headerSource } from "../../compiler/emit/generated-files.js";
import { blockCommentText, lineCommentText, tsString } from "../../compiler/emit/ts-text.js";

const HOSTILE = [
  'q";process.exit(7);"x',
  "new\nline",
  "cr\rname",
  "sep\u2028arator",
  "para\u2029graph",
  "back\\slash",
  "star*/slash",
  "quote'single",
  "dollar${x}`tick",
];

/** Syntax errors, and the kinds of the top-level statements. */
function parse(code: string): { errors: string[]; statements: string[] } {
  const out = ts.transpileModule(code, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  const sf = ts.createSourceFile("x.ts", code, ts.ScriptTarget.ES2022, true);
  return {
    errors: (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
    statements: sf.statements.map((s) => ts.SyntaxKind[s.kind]),
  };
}

describe("generated TypeScript for hostile names", () => {
  it("a registry over hostile file names parses and holds only its imports and its export", () => {
    const files = HOSTILE.map((n) => `src/plugins/${n}.ts`);
    const [file] = emitRegistries([{ file: "plugins.ts", include: ["src/plugins/**/*.ts", "x/*/\n process.exit(8)"] }], "gen", files);
    const { errors, statements } = parse(file.content);
    expect(errors).toEqual([]);
    expect(statements).toEqual([...HOSTILE.map(() => "ImportDeclaration"), "ExportAssignment"]);
    // Each import names its file exactly.
    const sf = ts.createSourceFile("x.ts", file.content, ts.ScriptTarget.ES2022, true);
    const specs = sf.statements.filter(ts.isImportDeclaration).map((d) => (d.moduleSpecifier as ts.StringLiteral).text);
    expect(specs.sort()).toEqual(HOSTILE.map((n) => `../src/plugins/${n}.js`).sort());
  });

  it("the encoders keep text inside its literal or comment", () => {
    for (const s of HOSTILE) {
      const lit = parse(`export const v = ${tsString(s)};\n`);
      expect(lit.errors).toEqual([]);
      const sf = ts.createSourceFile("x.ts", `export const v = ${tsString(s)};\n`, ts.ScriptTarget.ES2022, true);
      const init = ((sf.statements[0] as ts.VariableStatement).declarationList.declarations[0].initializer as ts.StringLiteral).text;
      expect(init).toBe(s);
      expect(parse(`// ${lineCommentText(s)}\nexport {};\n`).statements).toEqual(["ExportDeclaration"]);
      expect(parse(`/** ${blockCommentText(s)} */\nexport {};\n`).statements).toEqual(["ExportDeclaration"]);
    }
  });

  it("a generated header naming a hostile schema path stays one comment line and reads back", () => {
    for (const s of HOSTILE) {
      const header = generatedHeader(`contracts/${s}.schema.json`);
      expect(header.split("\n").length).toBe(2);
      expect(parse(`${header}export {};\n`).statements).toEqual(["ExportDeclaration"]);
      expect(headerSource(header)).toBe(`contracts/${s}.schema.json`);
    }
  });
});
