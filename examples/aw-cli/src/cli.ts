import type { CliCommand } from "./command.js";
import { flow } from "./flow.js";
import { resume, sessionCreate } from "./session.js";

const nextNumber: CliCommand = {
  name: "next-number",
  summary: "Mint the next free number in a folder.",
  async run(args) {
    const values = new Map<string, string>();
    return flag(values, "width") ? 0 : args.length;
  },
};

function flag(values: Map<string, string>, name: string): string | undefined {
  return values.get(name);
}

export const COMMANDS: CliCommand[] = [flow, sessionCreate, resume, nextNumber];

export const GLOBAL_FLAGS = ["--help", "--version", "--verbose"];
