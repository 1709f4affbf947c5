/**
 * The check on what incremental rules declare. A rule with `meta.perDocument` or
 * `meta.wholeModel` promises that its result depends only on the parts it names
 * in `consults`; the runner reuses its results while those parts' digests are the
 * same (compiler/rules/incremental.ts). A rule that reads an undeclared part gives a
 * stale result in watch and in the replayed check, and nothing else shows it
 * (CI runs cold). With `DOCPACT_STRICT_CONSULTS=1` (the test suite sets it) the rule
 * sees the model through a view that throws on such a read, naming the part to add.
 */
import type { ModelPart } from "../model/digests.js";
import type { ContractModel } from "../model/contract-model.js";
import type { Rule } from "./types.js";

type Need = "always" | readonly ModelPart[];

/**
 * Which declared parts make a model field safe to read: the parts whose digest
 * covers it (compiler/model/digests.ts). Fields not listed are never safe for an
 * incremental rule (problems, instances, generated files: rules that read them
 * run every time). `docs` and `schemas` in the view are the units being judged.
 */
const FIELDS: Record<string, Need> = {
  root: "always",
  config: "always",
  binaries: "always",
  docs: "always",
  counts: "always",
  // A document's own text is part of its unit key; another document's is not (not checked: texts are one map).
  texts: "always",
  surface: ["surface", "known-names"],
  // The surface part's digest covers `packages.bins`; the references part's covers all of it (names and bins).
  packages: ["surface", "references"],
  // Which binary's entry reaches the surface's files (model/cli-reading.ts): the surface part's digest covers it.
  binClosures: ["surface"],
  // Each program's own surface (readers/cli/binary-surfaces.ts): read with binClosures, covered by the same digest.
  binarySurfaces: ["surface"],
  history: ["history", "references"],
  files: ["references", "history", "known-names"],
  sites: ["references"],
  gitignored: ["references"],
  planned: ["references"],
  decisions: ["decisions"],
  vocabularies: ["vocabularies"],
  vocabularyDeclarations: ["vocabularies"],
  codeIdentifiers: ["known-names"],
  codeIdentifierVersions: ["known-names"],
  skills: ["skills"],
};

/** The same for the link stage's indexes (`model.index.*`). */
const INDEX: Record<string, Need> = {
  references: ["references"],
  vocabulary: ["vocabularies"],
  schemas: ["vocabularies", "known-names"],
  knownNames: ["known-names"],
};

export function strictConsults(): boolean {
  return process.env.DOCPACT_STRICT_CONSULTS === "1";
}

/** `view` as `rule` may read it: unchanged unless strict mode is on and the rule declares what it consults. */
export function guardedView(rule: Rule, view: ContractModel): ContractModel {
  const declared = rule.meta.perDocument ?? rule.meta.wholeModel;
  if (!declared || !strictConsults()) return view;
  const consults = new Set<ModelPart>(declared.consults);
  const schemasOwn = rule.meta.perDocument?.schemas === true;
  const refuse = (what: string, need: Need): never => {
    const parts = need === "always" ? [] : need;
    throw new Error(
      `rule ${rule.meta.id} reads ${what} but declares consults [${[...consults].join(", ")}]` +
        (parts.length ? `: add one of ${parts.map((p) => `"${p}"`).join(", ")}` : ": an incremental rule may not read it (drop the declaration)"),
    );
  };
  const allowed = (need: Need | undefined): boolean => need === "always" || (need !== undefined && need.some((p) => consults.has(p)));
  const index = new Proxy(view.index, {
    get(target, prop, receiver) {
      if (typeof prop === "string" && !allowed(INDEX[prop])) refuse(`model.index.${prop}`, INDEX[prop] ?? []);
      return Reflect.get(target, prop, receiver);
    },
  });
  return new Proxy(view, {
    get(target, prop, receiver) {
      if (typeof prop !== "string") return Reflect.get(target, prop, receiver);
      if (prop === "index") return index;
      if (prop === "schemas" && (schemasOwn || consults.has("vocabularies") || consults.has("known-names"))) return Reflect.get(target, prop, receiver);
      if (!allowed(FIELDS[prop])) refuse(`model.${prop}`, prop === "schemas" ? ["vocabularies", "known-names"] : (FIELDS[prop] ?? []));
      return Reflect.get(target, prop, receiver);
    },
  });
}
