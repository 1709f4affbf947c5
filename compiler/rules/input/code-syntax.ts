import { defineRule } from "../types.js";

/** TypeScript that does not parse: the rest is still read, but what this file declares may be missed. */
export default defineRule({
  meta: {
    id: "input/code-syntax",
    defaultSeverity: "warning",
    description: "A TypeScript source file has a syntax error.",
    explanation:
      "docpact reads the CLI's code syntactically to find its commands, flags and vocabularies. A file with a syntax error is still read as far as the parser recovers, " +
      "but commands or constants it declares may be missed, so other rules may report false drift. Fix the syntax error first.",
    messages: {
      syntax: "{{reason}}",
    },
    examples: {
      bad: {
        "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }),
        "tsconfig.json": JSON.stringify({ include: ["src"] }),
        "src/a.ts": 'export const flow = { name: "flow" ;\n',
      },
      good: {
        "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }),
        "tsconfig.json": JSON.stringify({ include: ["src"] }),
        "src/a.ts": 'export const flow = { name: "flow" };\n',
      },
    },
  },
  check(ctx) {
    for (const p of ctx.model.codeProblems) ctx.report({ span: p.span, messageId: "syntax", data: { reason: p.message } });
  },
});
