import { spanAtPointer } from "../../util/json-pointer.js";
import { validateInstance } from "../../model/schema-instances.js";
import { defineRule } from "../types.js";

/** An instance file (config `instances`) that does not satisfy its schema. */
export default defineRule({
  meta: {
    id: "schema/invalid-instance",
    defaultSeverity: "error",
    description: "A JSON or YAML file listed under config `instances` does not validate against its schema.",
    explanation:
      "Example and fixture files that claim to follow a schema drift when the schema changes. Each file matched by an `instances` entry " +
      "is parsed with positions (as YAML when it is named `.yaml` or `.yml`, else as JSON) and validated with Ajv against its schema (all loaded schemas available to `$ref`, formats checked, allErrors). " +
      "Every violation is reported at the offending value's line and column with Ajv's message and the JSON pointer; invalid JSON or YAML is reported at its position.",
    messages: {
      unreadable: "{{reason}}",
      noSchema: "{{reason}}",
      violation: "{{pointer}} {{reason}} ({{schema}})",
    },
    examples: {
      bad: {
        "docpact.config.json": JSON.stringify({ instances: [{ files: ["examples/*.json"], schema: "manifest.schema.json" }] }),
        "manifest.schema.json": JSON.stringify({
          $schema: "http://json-schema.org/draft-07/schema#",
          type: "object",
          required: ["name"],
          properties: { name: { type: "string" } },
        }),
        "examples/a.json": JSON.stringify({ name: 42 }),
      },
      good: {
        "docpact.config.json": JSON.stringify({ instances: [{ files: ["examples/*.json"], schema: "manifest.schema.json" }] }),
        "manifest.schema.json": JSON.stringify({
          $schema: "http://json-schema.org/draft-07/schema#",
          type: "object",
          required: ["name"],
          properties: { name: { type: "string" } },
        }),
        "examples/a.json": JSON.stringify({ name: "a" }),
      },
    },
    example: {
      bad: '{ "layer": "storage" }  with "layer": { "enum": ["knowledge", "tasks"] }',
      fix: "Fix the value, or change the schema if the instance is right.",
    },
  },
  check(ctx) {
    for (const inst of ctx.model.instances ?? []) {
      const root = { file: inst.file, line: 1, column: 1, endLine: 1, endColumn: 1 };
      if (inst.value === undefined) {
        for (const p of inst.problems) ctx.report({ span: p.span, messageId: "unreadable", data: { reason: p.message } });
        continue;
      }
      for (const p of inst.problems) ctx.report({ span: p.span, messageId: "unreadable", data: { reason: p.message } });
      const r = validateInstance(ctx.model.index.schemas, inst, ctx.model.index.instanceValidators);
      if (r.kind === "no-schema" || r.kind === "schema-error") ctx.report({ span: root, messageId: "noSchema", data: { reason: r.message } });
      if (r.kind === "not-judged") ctx.notJudged(root, r.message);
      if (r.kind !== "violations") continue;
      for (const issue of r.issues) {
        const span = spanAtPointer(inst.locations, issue.pointer, issue.keyword === "additionalProperties" ? "key" : "value") ?? root;
        ctx.report({ span, messageId: "violation", data: { pointer: issue.pointer || "/", reason: issue.message, schema: inst.schema } });
      }
    }
  },
});
