import { unifiedDiff } from "../../util/diff.js";
import { defineRule } from "../types.js";

const fileSpan = (file: string) => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });

/** Generated files on disk that differ from what `build` would write. */
export default defineRule({
  meta: {
    id: "generated/stale",
    defaultSeverity: "error",
    description: "A file under generate.outDir is missing, differs from what `docpact build` would write, or is not generated at all.",
    explanation:
      "Generated contract code is committed so that consumers build without docpact; it must stay in step with the schemas and documents it comes from. " +
      "`docpact check` computes exactly what `docpact build` would write under `generate.outDir` and compares it byte for byte with the disk: " +
      "every missing file, every file whose content differs (with a short unified diff in the message) and every extra file in the folder " +
      "is reported. Run `docpact build` and commit the result.",
    messages: {
      missing: "{{path}} is missing; run `docpact build`",
      differs: "{{path}} differs from what `docpact build` would write:\n{{diff}}",
      extra: "{{path}} is in {{outDir}}/ but docpact does not generate it; remove it (the folder belongs to docpact)",
    },
    example: {
      bad: "generated/contracts/config.ts edited by hand, or contracts/config.schema.json changed without rebuilding",
      fix: "Run `docpact build` and commit the regenerated files.",
    },
  },
  check(ctx) {
    const { plan } = ctx;
    if (plan.outDir === null) return;
    const onDisk = ctx.model.generatedOnDisk ?? {};
    const planned = new Set<string>();
    for (const f of plan.generated) {
      planned.add(f.path);
      const disk = onDisk[f.path];
      if (disk === undefined) {
        ctx.report({ span: fileSpan(f.path), messageId: "missing", data: { path: f.path }, suggestions: ["docpact build"] });
      } else if (disk !== f.content) {
        const diff = unifiedDiff(disk, f.content, f.path);
        ctx.report({ span: fileSpan(f.path), messageId: "differs", data: { path: f.path, diff }, suggestions: ["docpact build"] });
      }
    }
    for (const path of Object.keys(onDisk).sort()) {
      if (planned.has(path)) continue;
      ctx.report({ span: fileSpan(path), messageId: "extra", data: { path, outDir: plan.outDir } });
    }
  },
});
