/** Emits `<outDir>/delegations.ts`: the notes as a typed `as const` registry and the delegated command paths as a union. */
import type { ContractModel, DelegationNote, Invocation } from "../model/types.js";
import { generatedHeader } from "./generated-files.js";
import type { PlannedFile } from "./plan.js";


/** The command path an owner invocation names: binary plus its leading words, up to the first non-word token. */
export function ownerPath(inv: Invocation): string {
  const words = [inv.binary];
  for (const t of inv.tokens) {
    if (t.kind !== "word") break;
    words.push(t.text);
  }
  return words.join(" ");
}

export function emitDelegations(model: ContractModel, outDir: string): PlannedFile {
  const notes: DelegationNote[] = model.docs.flatMap((d) => d.notes);
  const paths = [...new Set(notes.flatMap((n) => n.owners.map(ownerPath)))].sort();
  const lines: string[] = [
    generatedHeader().trimEnd(),
    "// Source: the delegation notes in the project's Markdown documents; `docpact build` regenerates it.",
    "",
    "/** Every delegation note: a document saying a decision is the CLI's, and which invocations own it. */",
    "export const DELEGATIONS = [",
  ];
  for (const n of notes) {
    lines.push("  {");
    lines.push(`    id: ${JSON.stringify(n.id)},`);
    lines.push(`    document: ${JSON.stringify(n.file)},`);
    lines.push(`    line: ${n.span.line},`);
    lines.push(`    subject: ${JSON.stringify(n.subject)},`);
    lines.push(`    owners: [${[...new Set(n.owners.map(ownerPath))].map((p) => JSON.stringify(p)).join(", ")}],`);
    lines.push("  },");
  }
  lines.push("] as const;", "");
  lines.push("/** One delegation note. */");
  lines.push("export type Delegation = (typeof DELEGATIONS)[number];", "");
  lines.push("/** Stable ids of the notes. */");
  lines.push("export type DelegationId = Delegation[\"id\"];", "");
  lines.push("/** Every command path the documents delegate a decision to; demand coverage with `satisfies Record<DelegatedCommand, …>`. */");
  lines.push(`export type DelegatedCommand = ${paths.length ? paths.map((p) => JSON.stringify(p)).join(" | ") : "never"};`, "");
  lines.push("/** The delegated command paths as a list. */");
  lines.push(`export const DELEGATED_COMMANDS = [${paths.map((p) => JSON.stringify(p)).join(", ")}] as const;`, "");
  return { path: joinOut(outDir, "delegations.ts"), content: lines.join("\n") };
}

export function joinOut(outDir: string, file: string): string {
  return outDir === "." ? file : `${outDir}/${file}`;
}
