/**
 * The CLI's commands and their options, declared once: the argument parser,
 * `--help` and docpact's own self-check (`cli.commandType: "CommandSpec"`) all
 * read these objects.
 */

export interface OptionSpec {
  flag: string;
  short?: string;
  /** Placeholder of the value; absent for boolean switches. */
  value?: string;
  help: string;
}

export interface CommandSpec {
  name: string;
  usage: string;
  summary: string;
  /** Words the command takes as its first argument, when it takes a closed set. */
  verbs?: readonly string[];
  options: readonly OptionSpec[];
}

const ROOT: OptionSpec = { flag: "--root", value: "DIR", help: "project root (default: the current directory)" };
const CONFIG: OptionSpec = { flag: "--config", value: "FILE", help: "config file (default: <root>/docpact.config.json)" };
const FORMAT: OptionSpec = { flag: "--format", value: "FORMAT", help: "pretty (default), json, sarif or github" };
const MAX_WARNINGS: OptionSpec = { flag: "--max-warnings", value: "N", help: "exit 1 when there are more than N warnings" };
const UNMATCHED: OptionSpec = { flag: "--no-error-on-unmatched-pattern", help: "a config glob that matches no file is not an error" };
const OUTPUT: OptionSpec = { flag: "--output-file", short: "o", value: "FILE", help: "write the report to FILE instead of standard output" };
const QUIET: OptionSpec = { flag: "--quiet", help: "report errors only (warnings are still counted)" };
const COLOR: OptionSpec = { flag: "--color", help: "color the pretty output even when it is not a terminal (also FORCE_COLOR=1)" };
const NO_COLOR: OptionSpec = { flag: "--no-color", help: "never color the output (also NO_COLOR=1)" };
const HELP: OptionSpec = { flag: "--help", short: "h", help: "show this help" };
const BASELINE: OptionSpec = {
  flag: "--baseline",
  value: "FILE",
  help: "findings recorded in FILE are counted, not failing (default: config baseline, else docpact-baseline.json)",
};
const FIX_DRY_RUN: OptionSpec = { flag: "--fix-dry-run", help: "print the unified diff of the fixes --fix would apply, instead of the report; write nothing" };
const SINCE: OptionSpec = {
  flag: "--since",
  value: "REF",
  help: "fail only on findings in lines changed since the git revision REF, or caused by code changed since it",
};

export const INSPECT_TARGETS = ["notes", "commands", "vocabularies", "references", "skills"] as const;

const check: CommandSpec = {
  name: "check",
  usage: "docpact check [options] [FILE...]",
  summary:
    "Reads the docs, schemas and code, links them and reports every disagreement. Writes nothing.\nWith FILE arguments (e.g. from lint-staged) only findings in those files are reported.",
  options: [
    ROOT,
    CONFIG,
    FORMAT,
    OUTPUT,
    QUIET,
    COLOR,
    NO_COLOR,
    MAX_WARNINGS,
    BASELINE,
    SINCE,
    UNMATCHED,
    FIX_DRY_RUN,
    { flag: "--watch", help: "re-check whenever an input changes (Ctrl-C to stop)" },
    HELP,
  ],
};

const build: CommandSpec = {
  name: "build",
  usage: "docpact build [options] [FILE...]",
  summary:
    'Writes generated code (when the config has "generate") and regenerates doc regions,\nthen reports the remaining diagnostics with check\'s exit codes.',
  options: [
    ROOT,
    CONFIG,
    FORMAT,
    OUTPUT,
    QUIET,
    COLOR,
    NO_COLOR,
    { flag: "--fix", help: "also apply the fixes diagnostics carry: renames git recorded, declared deprecations (never a spelling guess)" },
    FIX_DRY_RUN,
    { flag: "--force", help: "overwrite regions that were edited by hand" },
    MAX_WARNINGS,
    BASELINE,
    SINCE,
    UNMATCHED,
    { flag: "--watch", help: "rebuild whenever an input changes (Ctrl-C to stop)" },
    HELP,
  ],
};

const inspect: CommandSpec = {
  name: "inspect",
  usage: "docpact inspect notes|commands|vocabularies|references|skills [options] --json",
  summary:
    "Prints one part of the linked contract model as a JSON array:\n" +
    "  notes          delegation notes with subject and owner invocations\n" +
    "  commands       the command surface the code implements\n" +
    "  vocabularies   closed sets of terms from schemas and code\n" +
    "  references     links and section references with their resolution",
  verbs: INSPECT_TARGETS,
  options: [ROOT, CONFIG, { flag: "--json", help: "print JSON (the only output form; accepted for clarity)" }, HELP],
};

const init: CommandSpec = {
  name: "init",
  usage: "docpact init [--root DIR]",
  summary: "Inspects the repository and writes a starter docpact.config.json; prints what it found.\nRefuses to overwrite an existing config.",
  options: [ROOT, HELP],
};

const explain: CommandSpec = {
  name: "explain",
  usage: "docpact explain RULE",
  summary: "Prints a rule's explanation, default severity and an example.",
  options: [{ flag: "--list", help: "list every rule id with its one-line description" }, HELP],
};

const baseline: CommandSpec = {
  name: "baseline",
  usage: "docpact baseline [--root DIR] [--config FILE] [--prune]",
  summary:
    "Writes today's findings to the baseline file (config baseline, default docpact-baseline.json),\n" +
    "fingerprinted without line numbers; check and build then fail only on new findings.",
  options: [ROOT, CONFIG, { flag: "--prune", help: "only drop entries that no longer match a finding (fixed drift); add none" }, UNMATCHED, HELP],
};

export const COMMAND_SPECS = [check, build, baseline, inspect, init, explain] as const;
export const COMMANDS = COMMAND_SPECS.map((c) => c.name);
export type CommandName = "check" | "build" | "baseline" | "inspect" | "init" | "explain";

export function commandSpec(name: CommandName): CommandSpec {
  return COMMAND_SPECS.find((c) => c.name === name)!;
}

export const MAIN_HELP = `docpact — keeps a project's Markdown prose, JSON Schemas and TypeScript CLI in agreement

Usage: docpact <command> [options]

Commands:
  check               report drift between docs, schemas and code; writes nothing
  build               write generated code and doc regions, then report what remains
  baseline            record today's findings so that only new ones fail
  inspect WHAT        print part of the linked model as JSON (notes, commands, vocabularies, references)
  init                write a starter docpact.config.json
  explain RULE        print what a rule checks and why

Options:
  -h, --help          show help (also: docpact <command> --help)
  -v, --version       print docpact's version

Exit codes: 0 clean, 1 drift (errors, or more warnings than --max-warnings), 2 usage, config or internal failure.
`;

export function commandHelp(name: CommandName): string {
  const spec = commandSpec(name);
  const rows = spec.options.map((o) => {
    const left = `${o.short ? `-${o.short}, ` : ""}${o.flag}${o.value ? ` ${o.value}` : ""}`;
    // A flag too long for the column gets its help on the next line, aligned (never run together with it).
    return left.length < 20 ? `  ${left.padEnd(20)}${o.help}` : `  ${left}\n${" ".repeat(22)}${o.help}`;
  });
  return `Usage: ${spec.usage}\n\n${spec.summary}\n\nOptions:\n${rows.join("\n")}\n`;
}
