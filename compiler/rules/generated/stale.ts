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
        ctx.report({ span: fileSpan(f.path), message: `${f.path} is missing; run \`docpact build\``, suggestion: "docpact build" });
      } else if (disk !== f.content) {
        const diff = unifiedDiff(disk, f.content, f.path);
        ctx.report({ span: fileSpan(f.path), message: `${f.path} differs from what \`docpact build\` would write:\n${diff}`, suggestion: "docpact build" });
      }
    }
    const kept = new Set(plan.kept);
    for (const path of Object.keys(onDisk).sort()) {
      if (planned.has(path)) continue;
      if (kept.has(path)) {
        ctx.notJudged(fileSpan(path), "its schema could not be read or compiled this run; build keeps the file");
        continue;
      }
      ctx.report({ span: fileSpan(path), message: `${path} is in ${plan.outDir}/ but docpact does not generate it; remove it (the folder belongs to docpact)` });
    }
  },
});
