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
  const add = (name: string | null): void => {
    if (name !== null && name.length >= 3) names.add(name);
  };
  // One switch on the node's kind (this walk visits every node of every file: a chain of type guards per node cost 2× here).
  const visit = (node: ts.Node): void => {
    switch (node.kind) {
      case ts.SyntaxKind.LiteralType:
        add(unionLiteral(node as ts.LiteralTypeNode));
        break;
      case ts.SyntaxKind.CallExpression:
        validatorEnum(node as ts.CallExpression, add);
        break;
      default:
        add(declaredName(node));
    }
    ts.forEachChild(node, visit);
  };
  for (const f of files) visit(f.sf);
  return [...names].sort();
}

function unionLiteral(node: ts.LiteralTypeNode): string | null {
  if (!ts.isUnionTypeNode(node.parent)) return null;
  return ts.isStringLiteral(node.literal) ? node.literal.text : null;
}

/** Call names of schema validators whose array argument is a closed set of strings (zod, valibot, yup, superstruct). */
const VALIDATOR_ENUMS = new Set(["enum", "picklist", "oneOf", "enums"]);

/** Passes on the string literals of `x.enum([...])` / `picklist([...])`: a closed set declared through a validator, not a type. */
function validatorEnum(node: ts.CallExpression, add: (name: string) => void): void {
  if (node.arguments.length === 0) return;
  const callee = node.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : null;
  if (name === null || !VALIDATOR_ENUMS.has(name)) return;
  const arg = node.arguments[0];
  if (!ts.isArrayLiteralExpression(arg)) return;
  for (const el of arg.elements) if (ts.isStringLiteral(el) || ts.isNoSubstitutionTemplateLiteral(el)) add(el.text);
}

function declaredName(node: ts.Node): string | null {
  const K = ts.SyntaxKind;
  switch (node.kind) {
    case K.VariableDeclaration:
    case K.FunctionDeclaration:
    case K.ClassDeclaration:
    case K.InterfaceDeclaration:
    case K.TypeAliasDeclaration:
    case K.EnumDeclaration:
    case K.Parameter:
    case K.BindingElement: {
      const name = (node as ts.NamedDeclaration).name;
      return name && ts.isIdentifier(name) ? name.text : null;
    }
    case K.EnumMember:
    case K.PropertySignature:
    case K.PropertyDeclaration:
    case K.MethodDeclaration:
    case K.MethodSignature:
    case K.PropertyAssignment:
    case K.GetAccessor:
      return propertyNameText((node as ts.EnumMember | ts.ObjectLiteralElementLike | ts.ClassElement | ts.TypeElement).name as ts.PropertyName);
    case K.ShorthandPropertyAssignment:
      return (node as ts.ShorthandPropertyAssignment).name.text;
    default:
      return null;
  }
}
