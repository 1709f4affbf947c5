/**
 * Applies renames and retirements declared outside the schema (config
 * `vocabularies`, mapping files) to the schema vocabularies they name. An old
 * name still in the enum becomes a deprecated member replaced by the new one
 * (the schema's own `x-replaced-by`, declared elsewhere); an old name that is
 * no member becomes an alias; retired names are kept apart. Reader output is
 * never mutated (it is cached): changed vocabularies are copies.
 */
import { DocpactError } from "../util/errors.js";
import type { Vocabulary, VocabularyDeclaration, VocabularyMember } from "./types.js";

/** Config `vocabularies` entries that link a code list to a schema vocabulary: `code:<file>` → the schema vocabulary's id. */
export function configuredMirrorLinks(entries: readonly { code?: string; schema: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const l of entries) if (l.code !== undefined) out.set(`code:${l.code.replace(/\\/g, "/").replace(/^(\.\/)+/, "")}`, normalizeSchemaId(l.schema));
  return out;
}

/**
 * True when code list `code` declares that it mirrors something in schema file `file`: config `vocabularies`
 * (`links`, from configuredMirrorLinks), `@docpact-mirror`, or a leading comment naming the file.
 */
export function mirrorsSchemaFile(code: Vocabulary, file: string, links: ReadonlyMap<string, string>): boolean {
  const declared = [links.get(code.id), code.mirrors !== undefined ? normalizeSchemaId(code.mirrors) : undefined, code.mirrorsFile];
  return declared.some((id) => id !== undefined && id.split("#")[0] === file);
}

/** `./schemas/x.json` → `schemas/x.json#`, `x.json#/a` stays; ids are `file#pointer`. */
export function normalizeSchemaId(id: string): string {
  const s = id.replace(/\\/g, "/").replace(/^(\.\/)+/, "");
  return s.includes("#") ? s : s + "#";
}

export function applyVocabularyDeclarations(vocabularies: Vocabulary[], declarations: readonly VocabularyDeclaration[], configFile: string): Vocabulary[] {
  if (declarations.length === 0) return vocabularies;
  const byId = new Map(vocabularies.map((v, i) => [v.id, i]));
  const out = [...vocabularies];
  for (const decl of declarations) {
    const id = normalizeSchemaId(decl.schema);
    const i = byId.get(id);
    if (i === undefined || out[i].kind !== "schema") {
      throw new DocpactError(`${configFile}: vocabularies: no schema vocabulary ${id} (an \`enum\` or \`const\` set at that pointer)`);
    }
    const v = out[i];
    const members = v.members.map((m) => ({ ...m }));
    const byValue = new Map(members.map((m) => [m.value, m]));
    const canonical = (value: string) => byValue.get(value)?.deprecated === false;
    const aliases: VocabularyMember[] = [...(v.aliases ?? [])];
    const retired: VocabularyMember[] = [...(v.retired ?? [])];
    for (const a of decl.aliases) {
      if (!canonical(a.to)) {
        throw new DocpactError(`${a.span.file}:${a.span.line}: \`${a.from}\` is declared renamed to \`${a.to}\`, which is no canonical member of ${id}`);
      }
      const m = byValue.get(a.from);
      if (m) {
        m.deprecated = true;
        m.replacedBy = a.to;
      } else if (!aliases.some((x) => x.value === a.from)) {
        aliases.push({ value: a.from, deprecated: true, replacedBy: a.to, span: a.span });
      }
    }
    for (const r of decl.retired) {
      if (byValue.has(r.value)) throw new DocpactError(`${r.span.file}:${r.span.line}: \`${r.value}\` is declared retired but is still a member of ${id}`);
      if (!retired.some((x) => x.value === r.value)) retired.push({ value: r.value, deprecated: true, span: r.span });
    }
    out[i] = { ...v, members, ...(aliases.length ? { aliases } : {}), ...(retired.length ? { retired } : {}) };
  }
  return out;
}
