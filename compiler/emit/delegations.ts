/**
 * Emits `<outDir>/delegations.ts`: the notes as a typed `as const` registry and the delegated command paths as a union.
 * No line numbers or other positions: an edit elsewhere in a document must not make the file stale.
 */
import type { Invocation, MarkdownDoc } from "../model/types.js";
import type { ContractModel } from "../model/contract-model.js";
import { generatedHeader } from "./generated-files.js";
import type { PlannedFile } from "./plan.js";
import { lastMemo, weakMemo } from "../util/memo.js";

/** The command path an owner invocation names: binary plus its leading words, up to the first non-word token. */
export function ownerPath(inv: Invocation): string {
  const words = [inv.binary];
  for (const t of inv.tokens) {
    if (t.kind !== "word") break;
    words.push(t.text);
  }
  return words.join(" ");
}

/** The file is a function of outDir and each document's part: a re-check after an edit that changed no note takes the last one. */
const lastFile = lastMemo<PlannedFile>("emit/delegations#lastFile");

export function emitDelegations(model: ContractModel, outDir: string): PlannedFile {
  const parts = model.docs.map(delegationLines);
  // By each part's text (an edited document is a new object, its notes mostly the same).
  return lastFile.get([outDir, ...parts.map((p) => p.text)], () => delegationsFile(parts, outDir));
}

type Part = { lines: string[]; paths: string[]; text: string };

function delegationsFile(parts: readonly Part[], outDir: string): PlannedFile {
  const paths = [...new Set(parts.flatMap((p) => p.paths))].sort();
  const lines: string[] = [
    generatedHeader().trimEnd(),
    "// Source: the delegation notes in the project's Markdown documents; `docpact build` regenerates it.",
    "",
    "/** Every delegation note: a document saying a decision is the CLI's, and which invocations own it. */",
    "export const DELEGATIONS = [",
  ];
  for (const p of parts) lines.push(...p.lines);
  lines.push("] as const;", "");
  lines.push("/** One delegation note. */");
  lines.push("export type Delegation = (typeof DELEGATIONS)[number];", "");
  lines.push("/** Stable ids of the notes. */");
  lines.push('export type DelegationId = Delegation["id"];', "");
  lines.push("/** Every command path the documents delegate a decision to; demand coverage with `satisfies Record<DelegatedCommand, …>`. */");
  lines.push(`export type DelegatedCommand = ${paths.length ? paths.map((p) => JSON.stringify(p)).join(" | ") : "never"};`, "");
  lines.push("/** The delegated command paths as a list. */");
  lines.push(`export const DELEGATED_COMMANDS = [${paths.map((p) => JSON.stringify(p)).join(", ")}] as const;`, "");
  return { path: joinOut(outDir, "delegations.ts"), content: lines.join("\n") };
}

/** One document's entries and owner paths, a function of its notes alone: kept per document object, so a re-check redoes only the edited ones. */
const perDocument = weakMemo<MarkdownDoc, Part>("emit/delegations#perDocument");
function delegationLines(doc: MarkdownDoc): Part {
  let out = perDocument.get(doc);
  if (out) return out;
  out = { lines: [], paths: [], text: "" };
  for (const n of doc.notes) {
    const owners = [...new Set(n.owners.map(ownerPath))];
    out.paths.push(...owners);
    out.lines.push("  {");
    out.lines.push(`    id: ${JSON.stringify(n.id)},`);
    out.lines.push(`    document: ${JSON.stringify(n.file)},`);
    out.lines.push(`    subject: ${JSON.stringify(n.subject)},`);
    out.lines.push(`    owners: [${owners.map((p) => JSON.stringify(p)).join(", ")}],`);
    out.lines.push("  },");
  }
  // Everything the part adds to the file.
  out.text = JSON.stringify([out.lines, out.paths]);
  perDocument.set(doc, out);
  return out;
}

export function joinOut(outDir: string, file: string): string {
  return outDir === "." ? file : `${outDir}/${file}`;
}
