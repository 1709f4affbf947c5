/**
 * The CLI's argument handling, apart from the bin (main.ts) so it can be run
 * in process: parses arguments, runs one command, maps failures to exit codes
 * and one-line messages. Heavy modules are imported only by the command that
 * needs them, so `--help` stays instant.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { commandHelp, commandSpec, COMMANDS, MAIN_HELP, type CommandName } from "./help.js";
import { closest } from "../util/edit-distance.js";

type Values = Record<string, string | boolean | undefined>;

/** parseArgs options derived from the command's declared options. */
function parseOptions(name: CommandName): ParseArgsConfig["options"] {
  const out: NonNullable<ParseArgsConfig["options"]> = {};
  for (const o of commandSpec(name).options) {
    out[o.flag.slice(2)] = { type: o.value ? "string" : "boolean", ...(o.short ? { short: o.short } : {}) };
  }
  return out;
}

class UsageError extends Error {}

async function dispatch(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "-h" || command === "--help" || command === "help") {
    process.stdout.write(MAIN_HELP);
    return command === undefined ? 2 : 0;
  }
  if (command === "-v" || command === "--version") {
    const { docpactVersion } = await import("../util/package-root.js");
    process.stdout.write(`${docpactVersion()}\n`);
    return 0;
  }
  if (!(COMMANDS as string[]).includes(command)) throw new UsageError(`unknown command "${command}" (expected one of: ${COMMANDS.join(", ")})`);
  const name = command as CommandName;
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: rest, options: parseOptions(name), allowPositionals: true, strict: true }) as typeof parsed;
  } catch (e) {
    throw new UsageError(argumentError(firstLine((e as Error).message), rest, name));
  }
  if (parsed.values.help) {
    process.stdout.write(commandHelp(name));
    return 0;
  }
  const { runCommand } = await import("./commands.js");
  return runCommand(name, parsed.values, parsed.positionals);
}

/** node:util's "argument is ambiguous" (a value that starts with `-`) said plainly, with the value it got. */
function argumentError(message: string, args: string[], name: CommandName): string {
  const unknown = /^Unknown option '(-{1,2}[^']*)'/.exec(message);
  if (unknown) {
    const flags = commandSpec(name).options.flatMap((o) => [o.flag, ...(o.short ? [`-${o.short}`] : [])]);
    const near = closest(
      unknown[1],
      flags.filter((f) => f.startsWith("--")),
      0.4,
    );
    return `unknown option ${unknown[1]} for ${name}${near ? `; did you mean ${near}?` : ""}`;
  }
  const m = /^Option '(--[\w-]+)(?:, -\w)?' argument is ambiguous/.exec(message) ?? /^Option '-\w, (--[\w-]+)' argument is ambiguous/.exec(message);
  if (!m) return message;
  const flag = m[1];
  const value = args[args.indexOf(flag) + 1] ?? "";
  if (flag === "--max-warnings") return `--max-warnings takes a whole number ≥ 0 (got "${value}")`;
  return `${flag} got "${value}", which looks like an option; write ${flag}=${value} to pass it as the value`;
}

function firstLine(s: string): string {
  return s.split("\n")[0];
}

/** Runs one CLI invocation (`argv` without node and the script) and gives its exit code; output goes to process.stdout and stderr. */
export async function runArgv(argv: string[]): Promise<number> {
  try {
    return await dispatch(argv);
  } catch (e: unknown) {
    const msg = e instanceof Error ? e.message : String(e);
    const known = e instanceof UsageError || (e instanceof Error && e.name === "DocpactError");
    process.stderr.write(`docpact: ${known ? "" : "internal error: "}${firstLine(msg)}\n`);
    if (e instanceof UsageError) process.stderr.write("Run `docpact --help` for usage.\n");
    return 2;
  }
}
