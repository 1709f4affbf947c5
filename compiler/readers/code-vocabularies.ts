/**
 * Code vocabularies: closed sets of string terms declared at a module's top
 * level — `as const` arrays of string literals (also with `satisfies`),
 * string-literal union type aliases and string enums, exported or not.
 * Members deprecated with a `/** @deprecated use x *\/` comment are marked,
 * with their replacement when it names another member. A
 * `@docpact-mirror path#pointer` tag links the declaration to a schema vocabulary.
 */
import { dirname, posix } from "node:path";
import type { Vocabulary, VocabularyMember } from "../model/types.js";
import { jsDocTag, leadingComments, type ParsedFile, propertyNameText, spanOf, stringLiteral, ts } from "./code-source.js";

interface RawMember {
  value: string;
  node: ts.Node;
  /** Other names the member may be referred to by in a deprecation note (enum keys). */
  key?: string;
}

export function readVocabularies(file: ParsedFile): Vocabulary[] {
  const out: Vocabulary[] = [];
  for (const st of file.sf.statements) {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || !d.initializer) continue;
        const members = constArrayMembers(d.initializer);
        if (members) push(out, file, d.name.text, d.name, d, members);
      }
    } else if (ts.isTypeAliasDeclaration(st)) {
      const members = unionMembers(st.type);
      if (members) push(out, file, st.name.text, st.name, st, members);
      else if (ts.isTypeLiteralNode(st.type)) inlineUnions(out, file, st.name.text, st.type.members);
    } else if (ts.isInterfaceDeclaration(st)) {
      inlineUnions(out, file, st.name.text, st.members);
    } else if (ts.isEnumDeclaration(st)) {
      const members: RawMember[] = [];
      let ok = st.members.length > 0;
      for (const m of st.members) {
        const v = m.initializer ? stringLiteral(m.initializer) : null;
        const key = propertyNameText(m.name);
        if (v === null || key === null) {
          ok = false;
          break;
        }
        members.push({ value: v, node: m, key });
      }
      if (ok) push(out, file, st.name.text, st.name, st, members);
    }
  }
  return out;
}

/** `kind: "a" | "b"` inside an interface or object type: a candidate mirror named `Owner.kind`, tied to its property name. */
function inlineUnions(out: Vocabulary[], file: ParsedFile, owner: string, members: ts.NodeArray<ts.TypeElement>): void {
  for (const m of members) {
    if (!ts.isPropertySignature(m) || !m.type) continue;
    const prop = propertyNameText(m.name);
    const raw = prop === null ? null : unionMembers(m.type);
    if (prop === null || !raw) continue;
    const before = out.length;
    push(out, file, `${owner}.${prop}`, m.name, m, raw);
    if (out.length > before) out[out.length - 1].property = prop;
  }
}

/** `[…] as const` (possibly inside `satisfies`/parentheses) whose elements are all string literals. */
function constArrayMembers(init: ts.Expression): RawMember[] | null {
  let e: ts.Expression = init;
  let isConst = false;
  for (;;) {
    if (ts.isAsExpression(e)) {
      if (ts.isTypeReferenceNode(e.type) && ts.isIdentifier(e.type.typeName) && e.type.typeName.text === "const") isConst = true;
      e = e.expression;
    } else if (ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e)) e = e.expression;
    else break;
  }
  if (!isConst || !ts.isArrayLiteralExpression(e)) return null;
  const members: RawMember[] = [];
  for (const el of e.elements) {
    const v = stringLiteral(el);
    if (v === null) return null;
    members.push({ value: v, node: el });
  }
  return members;
}

/** `"a" | "b"` (`null`/`undefined` members are ignored; any other member means the set is not closed). */
function unionMembers(t: ts.TypeNode): RawMember[] | null {
  while (ts.isParenthesizedTypeNode(t)) t = t.type;
  if (!ts.isUnionTypeNode(t)) return null;
  const members: RawMember[] = [];
  for (const m of t.types) {
    if (ts.isLiteralTypeNode(m)) {
      if (ts.isStringLiteral(m.literal) || ts.isNoSubstitutionTemplateLiteral(m.literal)) {
        members.push({ value: m.literal.text, node: m });
        continue;
      }
      if (m.literal.kind === ts.SyntaxKind.NullKeyword) continue;
      return null;
    }
    if (m.kind === ts.SyntaxKind.UndefinedKeyword) continue;
    return null;
  }
  return members;
}

function push(out: Vocabulary[], file: ParsedFile, name: string, nameNode: ts.Node, decl: ts.Node, raw: RawMember[]): void {
  if (raw.length < 2) return;
  const values = new Set(raw.map((m) => m.value));
  const byKey = new Map(raw.filter((m) => m.key).map((m) => [m.key!, m.value]));
  const members: VocabularyMember[] = [];
  const seen = new Set<string>();
  for (const m of raw) {
    if (seen.has(m.value)) continue;
    seen.add(m.value);
    const dep = deprecation(file, m.node);
    const member: VocabularyMember = { value: m.value, deprecated: dep !== null, span: spanOf(file, m.node) };
    if (dep) {
      const r = replacement(dep, values, byKey);
      if (r && r !== m.value) member.replacedBy = r;
    }
    members.push(member);
  }
  const v: Vocabulary = { id: `code:${file.rel}#${name}`, kind: "code", file: file.rel, name, members, span: spanOf(file, nameNode) };
  const mirror = jsDocTag(decl, "docpact-mirror") ?? commentTag(file, decl, "docpact-mirror");
  if (mirror) v.mirrors = resolveMirror(file.rel, mirror.split(/\s+/)[0]);
  else {
    const said = mirrorNote(file, decl);
    if (said) v.mirrorsFile = resolveMirror(file.rel, said);
  }
  out.push(v);
}

/** The text after `@deprecated` in the member's leading comments, or null when not deprecated. */
function deprecation(file: ParsedFile, node: ts.Node): string | null {
  for (const c of leadingComments(file, node).reverse()) {
    const m = /@deprecated\b([^@]*)/.exec(c);
    if (m)
      return m[1]
        .replace(/\*\/\s*$/, "")
        .replace(/^\s*\*\s?/gm, " ")
        .trim();
  }
  return null;
}

/** `use x`, `replaced by x`, `renamed to x`, `` `x` ``, `Enum.Key`: the replacement when it names a member. */
function replacement(note: string, values: Set<string>, byKey: Map<string, string>): string | undefined {
  const tokens = note.match(/[`'"]?[^\s`'",;()]+[`'"]?/g) ?? [];
  for (const raw of tokens) {
    const t = raw.replace(/^[`'"]|[`'"]$/g, "").replace(/\.$/, "");
    if (values.has(t)) return t;
    const key = t.includes(".") ? t.slice(t.lastIndexOf(".") + 1) : t;
    if (byKey.has(key)) return byKey.get(key);
  }
  return undefined;
}

/** A comment that says the list mirrors a schema file: "Mirrored from schemas/x.schema.json", "Keep in sync with `../x.json`". */
const MIRROR_NOTE =
  /\b(?:mirror(?:s|ed|ing)?|kept in sync with|keep in sync with|in sync with|copied from|copy of|generated from|derived from)\b[^.\n]*?[`'"(]?((?:\.{1,2}\/|[\w@-]+\/)*[\w.-]+\.(?:json|ya?ml)(?:#[^\s`'")]*)?)/i;

/** The schema path (as written, with a pointer when given) a leading comment of the declaration says the list mirrors, or null. */
function mirrorNote(file: ParsedFile, decl: ts.Node): string | null {
  const targets = ts.isVariableDeclaration(decl) ? [decl, decl.parent.parent] : [decl];
  for (const t of targets) {
    for (const c of leadingComments(file, t)) {
      const m = MIRROR_NOTE.exec(c.replace(/^\s*\*\s?/gm, " ").replace(/\s+/g, " "));
      if (m) return m[1];
    }
  }
  return null;
}

/** A tag in a plain leading block comment (for declarations TypeScript attaches no JSDoc to). */
function commentTag(file: ParsedFile, decl: ts.Node, tag: string): string | null {
  const target = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl;
  for (const c of leadingComments(file, target)) {
    const m = new RegExp(`@${tag}\\s+(\\S+)`).exec(c);
    if (m) return m[1];
  }
  return null;
}

/** `../schemas/x.schema.json#/$defs/y` relative to the TS file → root-relative, pointer kept. */
function resolveMirror(fileRel: string, ref: string): string {
  const hash = ref.indexOf("#");
  const path = hash === -1 ? ref : ref.slice(0, hash);
  const pointer = hash === -1 ? "" : ref.slice(hash);
  const resolved = posix.normalize(posix.join(dirname(fileRel).split("\\").join("/"), path));
  return `${resolved.replace(/^\.\//, "")}${pointer}`;
}
