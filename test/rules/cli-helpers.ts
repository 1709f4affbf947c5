/** Helpers for the CLI rule tests: invocations built by hand (no Markdown reader) and a rule runner. */
import type { CommandDecl, Invocation, InvocationToken, MarkdownDoc } from "../../compiler/model/types.js";
import type { ContractModel } from "../../compiler/model/types.js";
import { emptyPlan } from "../../compiler/emit/plan.js";
import type { Rule, RuleReport } from "../../compiler/rules/types.js";
import { makeModel } from "../helpers/model.js";
import { type CommandSurface, emptySurface } from "../../compiler/model/cli.js";
import { command, flag } from "../../compiler/readers/cli/adapter.js";
import { mergeCommands } from "../../compiler/readers/cli/surface.js";

const FILE = "docs/guide.md";

/** `aw flow advance --json <id>` → an Invocation on line `line`, tokens split on spaces. */
export function inv(raw: string, line = 1): Invocation {
  const parts: { text: string; start: number }[] = [];
  const re = /"[^"]*"|'[^']*'|\S+/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) parts.push({ text: m[0], start: m.index });
  const span = (start: number, len: number) => ({ file: FILE, line, column: start + 1, endLine: line, endColumn: start + len + 1 });
  const tokens: InvocationToken[] = parts.slice(1).map(({ text, start }) => {
    const t: InvocationToken = { kind: "word", text, span: span(start, text.length) };
    if (text === "--") t.kind = "separator";
    else if (/^--?[A-Za-z0-9]/.test(text)) {
      t.kind = "flag";
      const eq = text.indexOf("=");
      t.flag = eq === -1 ? text : text.slice(0, eq);
      if (eq !== -1) t.value = text.slice(eq + 1);
    } else if (/^[<{].*[>}]$/.test(text)) t.kind = "placeholder";
    else if (/^["']/.test(text)) t.kind = "quoted";
    return t;
  });
  return { raw, binary: parts[0].text, tokens, source: "inline", span: span(0, raw.length) };
}

export function doc(invocations: Invocation[]): MarkdownDoc {
  return {
    file: FILE, frontMatter: null, bom: false, eol: "\n", headings: [], anchors: [], links: [], inlineCodes: [], codeBlocks: [],
    invocations, notes: [], sectionRefs: [], regions: [], regionProblems: [], suppressions: [],
  } as MarkdownDoc;
}

const SPAN = { file: "src/cli.ts", line: 1, column: 1, endLine: 1, endColumn: 2 };

/** A registry-style command: `flags` null reads the global set; otherwise each name is one boolean flag. */
export function cmd(path: string, verbs: string[] | null = null, flags: string[] | null = null, parts: Parameters<typeof command>[3] = {}): CommandDecl {
  const options = (flags ?? []).map((f) => flag([f])!).filter(Boolean);
  return mergeCommands([command(path === "" ? [] : path.split(" "), SPAN, "registry", { verbs, options, flagScope: flags === null ? "global" : "declared", via: "command-type", ...parts })])[0];
}

/** A model whose global flag set is closed (flags read through configured accessors). */
export function modelWith(commands: CommandDecl[], globalFlags: string[], raws: string[], surface: Partial<CommandSurface> = {}): ContractModel {
  return makeModel({
    binaries: ["aw"],
    surface: { ...emptySurface(), commands: mergeCommands(commands), globalFlags, ...surface },
    docs: [doc(raws.map((r, i) => inv(r, i + 1)))],
  });
}

/** Runs one rule; reports as `line:col message [→ suggestion]`. */
export function run(rule: Rule, model: ContractModel, notJudged?: string[]): string[] {
  const out: RuleReport[] = [];
  rule.check({ model, plan: emptyPlan(), report: (r) => out.push(r), notJudged: (span, reason) => notJudged?.push(`${span.line}:${span.column} ${reason}`) });
  return out.map((r) => `${r.span.line}:${r.span.column} ${r.message}${r.suggestion ? ` → ${r.suggestion}` : ""}`);
}
