import { closest } from "../../util/edit-distance.js";
import type { InvocationToken } from "../../model/types.js";
import { defineRule } from "../types.js";
import { SurfaceIndex } from "./command-match.js";

/** Flags every CLI accepts whatever its code says (help and version are usually supplied by the parser library). */
export const ALWAYS_ALLOWED_FLAGS: readonly string[] = ["--help", "-h", "--version"];

/** An invocation in prose passes a flag the command does not accept. */
export default defineRule({
  meta: {
    id: "cli/unknown-flag",
    defaultSeverity: "error",
    description: "A CLI invocation in the docs passes a flag the code does not accept.",
    explanation:
      "A flag renamed or removed in the code keeps living in the docs until someone runs the documented command. " +
      "docpact checks each flag of each invocation in prose (up to a `--` separator) against the flags of the matched command when that command declares its own, " +
      "together with the flags its parent commands declare; otherwise against the global set: every `--name` literal in the CLI's code and every name passed to the configured flag accessors. " +
      "`--help`, `-h` and `--version` are always accepted, and a short-flag cluster such as `-rf` is accepted when each letter is. " +
      "Invocations whose command is unknown are left to `cli/unknown-command`, and nothing is reported when the code reader finds no commands at all.",
    messages: {
      unknownFlag: "unknown flag `{{flag}}` for `{{command}}`",
    },
    examples: {
      bad: { "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }), "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { commandType: "CommandSpec" } }), "src/cli.ts": 'export const flow = { name: "flow", verbs: ["advance"], flags: ["--json"] } satisfies CommandSpec;\ninterface CommandSpec { name: string; verbs?: string[]; flags?: string[] }\n', "doc.md": "Run `aw flow advance --jsn` to see the result.\n" },
      good: { "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }), "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { commandType: "CommandSpec" } }), "src/cli.ts": 'export const flow = { name: "flow", verbs: ["advance"], flags: ["--json"] } satisfies CommandSpec;\ninterface CommandSpec { name: string; verbs?: string[]; flags?: string[] }\n', "doc.md": "Run `aw flow advance --json` to see the result.\n" },
    },
    example: {
      bad: "Run `aw flow advance --jsn` to see the result.",
      fix: "Use the flag the command declares: `aw flow advance --json`.",
    },
  },
  check(ctx) {
    const index = new SurfaceIndex(ctx.model.surface);
    if (index.empty) return;
    const global = new Set(ctx.model.surface.globalFlags);
    for (const doc of ctx.model.docs) {
      for (const inv of doc.invocations) {
        const m = index.match(inv);
        if (m.unknown) continue;
        let allowed = global;
        if (m.decl && m.decl.flags !== null) {
          allowed = new Set(m.decl.flags);
          for (const a of index.ancestors(m.decl.path)) for (const f of a.flags ?? []) allowed.add(f);
        }
        for (const t of flagTokens(inv.tokens)) {
          const name = t.flag ?? t.text;
          if (accepted(name, allowed)) continue;
          // Short flags are one letter: any other letter is "close", so only long flags get a suggestion.
          const suggestion = name.startsWith("--") ? closest(name, [...allowed].filter((f) => f.startsWith("--")), 0.34) : null;
          ctx.report({
            span: t.span,
            messageId: "unknownFlag",
            data: { flag: name, command: [inv.binary, ...m.path].join(" ") },
            ...(suggestion ? { suggestions: [suggestion] } : {}),
          });
        }
      }
    }
  },
});

function flagTokens(tokens: InvocationToken[]): InvocationToken[] {
  const out: InvocationToken[] = [];
  for (const t of tokens) {
    if (t.kind === "separator") break;
    if (t.kind === "flag") out.push(t);
  }
  return out;
}

function accepted(name: string, allowed: Set<string>): boolean {
  if (allowed.has(name) || ALWAYS_ALLOWED_FLAGS.includes(name)) return true;
  if (/^-[A-Za-z]{2,}$/.test(name)) return [...name.slice(1)].every((c) => allowed.has(`-${c}`) || ALWAYS_ALLOWED_FLAGS.includes(`-${c}`));
  return false;
}
