/** `docpact inspect`: parts of the linked model as JSON arrays. */
import type { Closure } from "../model/types.js";
import type { ContractModel } from "../model/contract-model.js";
import { listReferences } from "../model/references.js";
import { binaryReadings } from "../model/cli-reading.js";
import { open } from "../model/cli.js";
import { declaredArguments, type ArgumentDeclaration } from "../model/skills.js";

import { INSPECT_TARGETS } from "./help.js";

export { INSPECT_TARGETS };
export type InspectTarget = (typeof INSPECT_TARGETS)[number];

/** Every command with its flag model, and every open set with its reason and place (what the CLI rules did not judge). */
function inspectCommands(model: ContractModel): unknown[] {
  const s = model.surface;
  const closure = (c: Closure) =>
    c.closed ? { closed: true } : { closed: false, reason: c.reason, ...(c.span ? { file: c.span.file, line: c.span.line } : {}) };
  const rows: unknown[] = s.commands.map((c) => ({
    path: c.path.join(" "),
    ...(c.aliases.length ? { aliases: c.aliases } : {}),
    verbs: c.verbs,
    flags: c.flags,
    options: c.options.map((f) => ({ long: f.long, short: f.short, aliases: f.aliases, arity: f.arity, negatable: f.negatable, inherited: f.inherited })),
    positionals: c.positionals,
    ...(c.isDefault ? { default: true } : {}),
    flagScope: c.flagScope,
    ...(c.reads ? { reads: c.reads } : {}),
    flagSet: closure(c.flagSet),
    commandSet: closure(c.commandSet),
    adapter: c.adapter,
    via: c.via,
    file: c.span.file,
    line: c.span.line,
  }));
  // The surface itself: the top-level command list and the global flag set. Nothing read is no closed list.
  const readings = binaryReadings(model);
  const unread = s.commands.length === 0 && readings.length > 0 ? open(`no CLI reader understood the code: ${readings[0].stopped}`, null) : null;
  rows.push({
    path: "(surface)",
    adapters: s.adapters,
    commandSet: closure(unread ?? s.commandSet),
    globalFlagSet: closure(unread ?? s.globalFlagSet),
    binaries: readings.map((r) => ({ binary: r.binary, entry: r.entry, read: r.read, ...(r.read ? { readers: r.readers } : { stopped: r.stopped }) })),
    warnings: s.warnings.map((w) => w.message),
    // Where the entries read apart, each program's own surface: what its binaries' mentions are judged against.
    ...(model.binarySurfaces
      ? {
          programs: model.binarySurfaces.map((p) => ({
            binaries: p.binaries,
            commands: p.surface.commands.map((c) => ({ path: c.path.join(" "), flags: c.flags, file: c.span.file })),
            commandSet: closure(p.surface.commandSet),
          })),
        }
      : {}),
  });
  return rows;
}

/** The skill bundle: one row per skill or command with what it declares, then the unknown layouts and the manifests read. */
function inspectSkills(model: ContractModel): unknown[] {
  const b = model.skills;
  if (!b) return [];
  const decl = (d: ArgumentDeclaration | null) => (d ? { source: d.source, file: d.file, line: d.span.line, args: d.args } : null);
  const rows: unknown[] = b.entries.map((e) => ({
    kind: e.kind,
    name: e.name,
    aliases: e.aliases,
    layout: e.layout,
    file: e.file,
    description: e.description,
    allowedTools: e.allowedTools,
    hint: decl(e.hint),
    arguments: decl(declaredArguments(e)),
    ...(e.delegatesTo ? { delegatesTo: e.delegatesTo } : {}),
    mentions:
      b.slashMentions.filter((m) => m.name === e.name || e.aliases.includes(m.name)).length +
      b.skillMentions.filter((m) => m.name === e.name || e.aliases.includes(m.name)).length,
  }));
  for (const u of b.unknown) rows.push({ kind: "unknown", file: u.file, reason: u.reason });
  rows.push({
    kind: "(bundle)",
    namespaces: b.namespaces,
    manifests: b.manifests,
    bareCommands: b.bareCommands,
    slashMentions: b.slashMentions.length,
    skillMentions: b.skillMentions.length,
  });
  return rows;
}

export function inspect(what: InspectTarget, model: ContractModel): unknown[] {
  switch (what) {
    case "notes":
      return model.docs.flatMap((d) =>
        d.notes.map((n) => ({
          id: n.id,
          file: n.file,
          line: n.span.line,
          column: n.span.column,
          subject: n.subject,
          marker: n.marker,
          owners: n.owners.map((o) => ({ raw: o.raw, line: o.span.line, column: o.span.column })),
        })),
      );
    case "commands":
      return inspectCommands(model);
    case "vocabularies":
      return model.vocabularies.map((v) => ({
        id: v.id,
        kind: v.kind,
        file: v.file,
        name: v.name,
        line: v.span.line,
        members: v.members.map((m) => ({ value: m.value, deprecated: m.deprecated, ...(m.replacedBy ? { replacedBy: m.replacedBy } : {}) })),
        ...(v.mirrors ? { mirrors: v.mirrors } : {}),
        ...(v.property ? { property: v.property } : {}),
        ...(v.aliases?.length ? { aliases: v.aliases.map((a) => ({ value: a.value, replacedBy: a.replacedBy, file: a.span.file, line: a.span.line })) } : {}),
        ...(v.retired?.length ? { retired: v.retired.map((r) => ({ value: r.value, file: r.span.file, line: r.span.line })) } : {}),
      }));
    case "references":
      return listReferences(model);
    case "skills":
      return inspectSkills(model);
  }
}
