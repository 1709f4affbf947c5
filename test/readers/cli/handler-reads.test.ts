/**
 * Per-command flag sets of a command-type registry whose commands declare no flags: each command
 * accepts what its handler reads (and the functions it hands its arguments to) plus what the
 * program reads outside every handler; a handler whose reads cannot be told keeps the global set.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { check } from "../../../compiler/api.js";
import type { Report } from "../../../compiler/report/report.js";

const TYPES = `export interface ParsedArgs { rest: string[]; flags: Set<string>; values: Map<string, string> }
export interface CliCommand { name: string; describe?: string; execute(args: ParsedArgs): number }
`;

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "aw", bin: { aw: "dist/main.js" } }),
  "docpact.config.json": JSON.stringify({
    docs: ["docs/**/*.md"],
    code: { include: ["src/**/*.ts"] },
    cli: { commandType: "CliCommand", flagAccessors: ["values.get"] },
  }),
  "src/types.ts": TYPES,
  "src/session.ts": `import type { ParsedArgs } from "./types.js";
/** The session a command names: --code, or --session. */
export function sessionCode(args: ParsedArgs): string | undefined {
  return args.values.get("code") ?? args.values.get("session");
}
`,
  "src/commands.ts": `import type { CliCommand } from "./types.js";
import { sessionCode } from "./session.js";
import { external } from "some-package";

export const nextNumber: CliCommand = {
  name: "next-number",
  describe: "Usage: aw next-number <dir> [--claim <rest>] [--dry-run]",
  execute(args) {
    const dir = args.rest[0];
    if (!dir) return 2;
    return args.values.get("claim") !== undefined && args.flags.has("--dry-run") ? 2 : 0;
  },
};

export const sessionResume: CliCommand = {
  name: "session-resume",
  execute(args) {
    const code = sessionCode(args);
    return args.flags.has("--reopen") && code ? 0 : 1;
  },
};

export const opaque: CliCommand = {
  name: "opaque",
  execute(args) {
    return external(args);
  },
};

export const COMMANDS: CliCommand[] = [nextNumber, sessionResume, opaque];
`,
  "src/main.ts": `import type { ParsedArgs } from "./types.js";
import { COMMANDS } from "./commands.js";
export function main(args: ParsedArgs): number {
  const json = args.flags.has("--json");
  const c = COMMANDS.find((x) => x.name === args.rest[0]);
  return c ? c.execute(args) : json ? 1 : 2;
}
`,
  "docs/guide.md": [
    "# Guide",
    "",
    "`aw next-number docs --claim x --dry-run --json`",
    "",
    "`aw session-resume --code 1 --reopen`",
    "",
    "`aw session-resume --session 1`",
    "",
    "`aw opaque --reopen`",
    "",
    "`aw next-number docs --reopen`",
    "",
    "`aw session-resume --claim x`",
    "",
  ].join("\n"),
};

let root: string;
let report: Report;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "docpact-handler-reads-"));
  for (const [f, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), text);
  }
  report = await check({ root });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("per-command flag sets of a command-type registry", () => {
  test("a flag only another command reads is unknown; the handler's own, its helper's and the program's are accepted", () => {
    expect(report.diagnostics.filter((d) => d.rule === "cli/unknown-flag").map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      "11:22 unknown flag `--reopen` for `aw next-number`",
      "13:20 unknown flag `--claim` for `aw session-resume`",
    ]);
  });

  test("a handler that hands its arguments to a function docpact cannot follow keeps the global set (its --reopen passes)", () => {
    expect(report.diagnostics.some((d) => d.line === 9)).toBe(false);
  });
});
