/**
 * Names the code declares: variables, functions, classes, interfaces, types,
 * enums and their members, parameters, destructured bindings, and property
 * names of interfaces, classes, type literals and object literals (quoted ones
 * too: `"derived_from": …` is a wire field), and the string literals of union
 * types anywhere (`code: "sandbox_memory_exceeded" | …` inside a function) and of a validator's closed set
 * (`variant: z.enum(["note", "success"])`, valibot's `picklist`, yup's `oneOf`). A backticked term equal to one of
 * them names code, so the vocabulary rules do not take it for a misspelt member.
 */
import { type ParsedFile, propertyNameText, ts } from "./code-source.js";

export function readIdentifiers(files: readonly ParsedFile[]): string[] {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    const name = declaredName(node) ?? unionLiteral(node);
    if (name !== null && name.length >= 3) names.add(name);
    for (const v of validatorEnum(node)) if (v.length >= 3) names.add(v);
    ts.forEachChild(node, visit);
  };
  for (const f of files) visit(f.sf);
  return [...names].sort();
}

function unionLiteral(node: ts.Node): string | null {
  if (!ts.isLiteralTypeNode(node) || !ts.isUnionTypeNode(node.parent)) return null;
  return ts.isStringLiteral(node.literal) ? node.literal.text : null;
}

/** Call names of schema validators whose array argument is a closed set of strings (zod, valibot, yup, superstruct). */
const VALIDATOR_ENUMS = new Set(["enum", "picklist", "oneOf", "enums"]);

/** The string literals of `x.enum([...])` / `picklist([...])`: a closed set declared through a validator, not a type. */
function validatorEnum(node: ts.Node): string[] {
  if (!ts.isCallExpression(node) || node.arguments.length === 0) return [];
  const callee = node.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : null;
  if (name === null || !VALIDATOR_ENUMS.has(name)) return [];
  const arg = node.arguments[0];
  if (!ts.isArrayLiteralExpression(arg)) return [];
  const out: string[] = [];
  for (const el of arg.elements) if (ts.isStringLiteral(el) || ts.isNoSubstitutionTemplateLiteral(el)) out.push(el.text);
  return out;
}

function declaredName(node: ts.Node): string | null {
  if (
    ts.isVariableDeclaration(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isParameter(node) ||
    ts.isBindingElement(node)
  ) {
    return node.name && ts.isIdentifier(node.name) ? node.name.text : null;
  }
  if (
    ts.isEnumMember(node) ||
    ts.isPropertySignature(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isGetAccessorDeclaration(node)
  ) {
    return propertyNameText(node.name);
  }
  if (ts.isShorthandPropertyAssignment(node)) return node.name.text;
  return null;
}
