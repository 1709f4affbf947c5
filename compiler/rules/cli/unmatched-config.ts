import { defineRule } from "../types.js";

/** A configured `cli.commandType`, flag accessor or binary that matches nothing: CLI checking is silently off for it. */
export default defineRule({
  meta: {
    id: "cli/unmatched-config",
    defaultSeverity: "warning",
    description: "A configured CLI command type, flag accessor or binary matches nothing.",
    explanation:
      "When the interface named by `cli.commandType` is renamed between releases, or a flag accessor in `cli.flagAccessors` is no longer called, " +
      "the CLI rules quietly lose what they judge against: no commands are found, or every flag becomes unjudged. " +
      "A binary in `cli.binaries` that no document invokes (in a project whose code has commands) checks nothing either. This warning names the configured value that matches nothing, " +
      "so the configuration can follow the code.",
    messages: {
      // The command reader words what matched nothing (type, accessor); the rule only carries it.
      unmatched: "{{what}}",
      unusedBinary: "the configured binary `{{binary}}` (cli.binaries) is invoked by no document",
    },
    examples: {
      bad: {
        "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { binaries: ["aw"], commandType: "CliCommand" } }),
        "src/commands.ts": 'interface Command { name: string }\nexport const commands: Command[] = [{ name: "flow" }];\n',
      },
      good: {
        "docpact.config.json": JSON.stringify({ code: { include: ["src/**/*.ts"] }, cli: { binaries: ["aw"], commandType: "Command" } }),
        "src/commands.ts": 'interface Command { name: string }\nexport const commands: Command[] = [{ name: "flow" }];\n',
      },
    },
    example: {
      bad: '"cli": { "commandType": "CliCommand" } after the interface was renamed to `Command`.',
      fix: 'Update the config: "commandType": "Command".',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const at = { file: model.config.file ?? "docpact.config.json", line: 1, column: 1, endLine: 1, endColumn: 1 };
    for (const w of model.surface.warnings) ctx.report({ span: w.span ?? at, messageId: "unmatched", data: { what: w.message } });
    // Binaries named in the config (not the package.json default) that no document invokes, in a project whose code has commands.
    if (model.config.cli.binariesConfigured && model.docs.length > 0 && model.surface.commands.length > 0) {
      // Documents are scanned only until every binary is seen (usually the first one that invokes any).
      const used = new Set<string>();
      for (const d of model.docs) {
        for (const i of d.invocations) used.add(i.binary);
        if (model.binaries.every((b) => used.has(b))) break;
      }
      // A binary a package.json of the project declares is not config that matches nothing: whether an alias (`cva`), a
      // private tool or a server spawned by editors deserves a document is the project's choice. Only a name no `bin`
      // declares (renamed, mistyped) is stale config.
      const declared = new Set((model.packages?.bins ?? []).map((b) => b.name));
      for (const b of model.binaries) {
        if (!used.has(b) && !declared.has(b)) ctx.report({ span: at, messageId: "unusedBinary", data: { binary: b } });
      }
    }
  },
});
