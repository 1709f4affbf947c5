import { docMentions, type Mention } from "../../model/mentions.js";
import { binaryReading, entryLabel, unreadBinaries } from "../../model/cli-reading.js";
import { defineRule } from "../types.js";

/** The docs invoke a binary whose CLI no reader understood (or whose entry reaches none of the commands read): say so once, and count every mention as not judged. */
export default defineRule({
  meta: {
    id: "cli/unread",
    defaultSeverity: "warning",
    description: "The docs invoke a binary whose CLI no reader understood: none of its documented commands and flags is judged.",
    explanation:
      "docpact judges a documented invocation only against a command surface it read from the code. " +
      "When the code reader finds no commands at all (no code in scope, a bin file that is build output, a CLI parsed by hand or by a library no reader knows), " +
      "the other CLI rules have nothing to compare against and stay silent; without this warning a planted `tool --no-such-flag` would pass unnoticed. " +
      "The same holds for one binary of several when their code tells them apart (a file is a binary's when its entry's imports reach it, else when it sits in the package declaring the binary): its code holds none of the files the commands were read from while another binary's does (a scaffolder `create-tool` beside `tool`), or the commands come only from files that are no binary's (a template package); its commands and flags are then not judged against those. " +
      "Where each program's entry reaches command files of its own (and every command file is reached by some entry), each program is read from its own files and judged against its own surface: neither is unread. " +
      "One warning per invoked binary, at its first documented mention, names the binary's entry file (package.json `bin`) and where reading stopped " +
      "(a parser call a reader found but whose argv it could not trace to `process.argv` is named with its place), " +
      "and every documented mention of the binary (each invocation's command and flags, the bare flags of option lists, tables and prose in documents that invoke it, the synopsis and option lines of its help-output listings) " +
      "is counted in `summary.notJudged` and `summary.coverage`. " +
      "Fix it by bringing the CLI's code into scope (config `code`), configuring how it declares commands (`cli.commandType`, `cli.flagAccessors`), " +
      "or, where no reader fits, turning the rule off knowingly.",
    messages: {
      unread: "no CLI reader understood `{{binary}}` ({{entry}}: {{stopped}}): {{count}} documented mention(s) of it not judged",
    },
    examples: {
      bad: {
        "package.json": JSON.stringify({ name: "tool", bin: { tool: "bin.js" } }),
        "bin.js": 'const args = process.argv.slice(2);\nif (args.includes("--verbose")) console.log("v");\n',
        "README.md": "Run `tool --no-such-flag`.\n",
      },
      good: {
        "package.json": JSON.stringify({ name: "x", bin: { aw: "cli.js" } }),
        "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { commandType: "CommandSpec" } }),
        "src/cli.ts":
          'export const flow = { name: "flow", verbs: ["advance"], flags: ["--json"] } satisfies CommandSpec;\ninterface CommandSpec { name: string; verbs?: string[]; flags?: string[] }\n',
        "doc.md": "Run `aw flow advance --json`.\n",
      },
    },
    example: {
      bad: "package.json `bin` is a hand-parsing `bin.js` outside the code in scope, and the README says `tool --no-such-flag`.",
      fix: 'Bring the CLI\'s code into scope (`"code": { "include": ["bin.js"] }`) with a parser docpact reads, or turn `cli/unread` off knowingly.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    // With commands read: only the binaries whose entry reaches none of the files they were read from (model/cli-reading.ts).
    const only = model.surface.commands.length > 0 ? unreadBinaries(model) : null;
    if (only !== null && only.size === 0) return;
    const byBinary = new Map<string, Mention[]>();
    for (const doc of model.docs) {
      for (const m of docMentions(doc, model.binaries)) {
        if (only !== null && !only.has(m.binary)) continue;
        let list = byBinary.get(m.binary);
        if (!list) byBinary.set(m.binary, (list = []));
        list.push(m);
      }
    }
    for (const binary of [...byBinary.keys()].sort()) {
      const mentions = byBinary.get(binary)!;
      const reason = `no CLI reader understood \`${binary}\``;
      for (const m of mentions) ctx.notJudged(m.span, reason, { kind: m.kind });
      const first = mentions.find((m) => m.kind === "commands") ?? mentions[0];
      const r = binaryReading(model, binary);
      ctx.report({ span: first.span, messageId: "unread", data: { binary, entry: entryLabel(r), stopped: r.stopped ?? "", count: mentions.length } });
    }
  },
});
