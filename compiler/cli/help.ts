/** Help texts for `docpact --help` and `docpact <command> --help`. */

export const COMMANDS = ["check", "build", "inspect", "init", "explain"] as const;
export type CommandName = (typeof COMMANDS)[number];

const COMMON = `  --root DIR          project root (default: the current directory)
  --config FILE       config file (default: <root>/docpact.config.json)`;
const FORMAT = `  --format FORMAT     pretty (default), json, sarif or github`;

export const MAIN_HELP = `docpact — keeps a project's Markdown prose, JSON Schemas and TypeScript CLI in agreement

Usage: docpact <command> [options]

Commands:
  check               report drift between docs, schemas and code; writes nothing
  build               write generated code and doc regions, then report what remains
  inspect WHAT        print part of the linked model as JSON (notes, commands, vocabularies, references)
  init                write a starter docpact.config.json
  explain RULE        print what a rule checks and why

Options:
  -h, --help          show help (also: docpact <command> --help)
  -v, --version       print docpact's version

Exit codes: 0 clean, 1 drift (errors, or more warnings than --max-warnings), 2 usage, config or internal failure.
`;

export const COMMAND_HELP: Record<CommandName, string> = {
  check: `Usage: docpact check [options]

Reads the docs, schemas and code, links them and reports every disagreement. Writes nothing.

Options:
${COMMON}
${FORMAT}
  --max-warnings N    exit 1 when there are more than N warnings
  --watch             re-check whenever an input changes (Ctrl-C to stop)
  -h, --help          show this help
`,
  build: `Usage: docpact build [options]

Writes generated code (when the config has "generate") and regenerates doc regions,
then reports the remaining diagnostics with check's exit codes.

Options:
${COMMON}
${FORMAT}
  --fix               also apply the fixes diagnostics carry (e.g. deprecated terms)
  --force             overwrite regions that were edited by hand
  --max-warnings N    exit 1 when there are more than N warnings
  --watch             rebuild whenever an input changes (Ctrl-C to stop)
  -h, --help          show this help
`,
  inspect: `Usage: docpact inspect notes|commands|vocabularies|references [options] --json

Prints one part of the linked contract model as a JSON array:
  notes          delegation notes with subject and owner invocations
  commands       the command surface the code implements
  vocabularies   closed sets of terms from schemas and code
  references     links and section references with their resolution

Options:
${COMMON}
  --json              print JSON (the only output form; accepted for clarity)
  -h, --help          show this help
`,
  init: `Usage: docpact init [--root DIR]

Inspects the repository and writes a starter docpact.config.json; prints what it found.
Refuses to overwrite an existing config.

Options:
  --root DIR          project root (default: the current directory)
  -h, --help          show this help
`,
  explain: `Usage: docpact explain RULE

Prints a rule's explanation, default severity and an example. \`docpact explain --list\` lists every rule.

Options:
  --list              list every rule id with its one-line description
  -h, --help          show this help
`,
};
