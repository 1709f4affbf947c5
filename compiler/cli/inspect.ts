/** `docpact inspect`: parts of the linked model as JSON arrays. */
import type { ContractModel } from "../model/types.js";
import { listReferences } from "../model/references.js";

import { INSPECT_TARGETS } from "./help.js";

export { INSPECT_TARGETS };
export type InspectTarget = (typeof INSPECT_TARGETS)[number];

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
      return model.surface.commands.map((c) => ({
        path: c.path.join(" "),
        verbs: c.verbs,
        flags: c.flags,
        via: c.via,
        file: c.span.file,
        line: c.span.line,
      }));
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
  }
}
