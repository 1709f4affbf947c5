import type { CliCommand } from "./command.js";

/** Session commands share one shape; their names come from the call sites. */
function sessionCommand(name: string, summary: string): CliCommand {
  return {
    name,
    summary,
    flags: ["--json", "--session"],
    async run() {
      return 0;
    },
  };
}

export const sessionCreate = sessionCommand("session-create", "Open a new work line.");
export const resume = sessionCommand("resume", "Continue the most recent work line.");
