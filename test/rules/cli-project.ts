/** A commander CLI and a guide that names invocations, one paragraph each (the i-th invocation is on line 2i+1, at column 5 after its backtick and binary). */
export const CLI = `import { Command } from "commander";

const program = new Command("aw");
program.option("--json").option("--verbose");
const flow = program.command("flow");
flow.command("advance").option("--json").option("--dry-run").option("-n");
flow.command("status").option("--json").option("--dry-run").option("-n");
flow.command("reset").option("--hard");
program.command("session [args...]").option("--session <id>").option("--code <c>");
const inbox = program.command("inbox");
inbox.command("list").option("--unread");
inbox.command("read");
program.command("close <id>");
program.command("tar").option("-r").option("-f");
program.parse();
`;

/** The line of the i-th (0-based) invocation in `guide(...)`. */
export const lineOf = (i: number) => 2 * i + 1;

export function guide(...raws: string[]): string {
  return raws.map((r) => `\`${r}\`\n`).join("\n");
}

/** The project: package.json names the binary, the code is the commander CLI above (or `cli`), the guide names `raws`. */
export function cliProject(raws: string[], cli = CLI): Record<string, string | object> {
  return {
    "package.json": { name: "aw", bin: { aw: "cli.js" } },
    "docpact.config.json": { docs: ["docs/**/*.md"], code: { include: ["src/**/*.ts"] } },
    "src/cli.ts": cli,
    "docs/guide.md": guide(...raws),
  };
}

/** A tool and its scaffolder in one package: `tool` runs the commander CLI above, `create-tool` parses its arguments by hand. */
export function toolAndScaffolder(doc: string): Record<string, string | object> {
  return {
    "package.json": { name: "tool", bin: { tool: "bin/tool.js", "create-tool": "bin/create.js" } },
    "bin/tool.js": 'import "../src/cli.js";\n',
    "src/cli.ts": CLI.replace('new Command("aw")', 'new Command("tool")'),
    "bin/create.js": 'const args = process.argv.slice(2);\nif (args.includes("--dir")) console.log(args);\n',
    "README.md": doc,
  };
}

/** The tool above beside a scaffolder with a commander CLI of its own (`create-tool [dir] --tag <tag>`), each binary's entry reaching its own file. */
export function toolAndCommanderScaffolder(doc: string): Record<string, string | object> {
  return {
    ...toolAndScaffolder(doc),
    "bin/create.js":
      'import { Command } from "commander";\nnew Command().name("create-tool").argument("[dir]").option("-t, --tag <tag>").parse(process.argv);\n',
  };
}
