/** How a command of the `aw` CLI is declared. */
export interface CliCommand {
  name: string;
  summary: string;
  verbs?: readonly string[];
  flags?: readonly string[];
  run(args: string[]): Promise<number>;
}
