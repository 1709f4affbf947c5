import type { CliCommand } from "./command.js";

const FLOW_VERBS = ["advance", "status", "reset"] as const;

export const flow: CliCommand = {
  name: "flow",
  summary: "Advance or inspect the current flow.",
  verbs: FLOW_VERBS,
  flags: ["--json", "--dry-run"],
  async run(args) {
    return args.length;
  },
};
