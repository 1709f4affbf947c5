/** `init` says, per binary, which CLI reader read it with the config it wrote, or why none could. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { printReadings, runInit } from "../../compiler/cli/init.js";
import { copyProject } from "../helpers/cli.js";

async function initOutput(root: string): Promise<string> {
  let out = "";
  const sink = { write: (s: string) => (out += s) };
  runInit(root, sink);
  await printReadings(root, sink);
  return out;
}

test("a commander CLI: read by the commander reader", async () => {
  const root = copyProject("test/fixtures/init-commander");
  try {
    expect(await initOutput(root)).toMatch(/CLI, read with this config:\n {2}\S+ +entry `[^`]+`: read by the commander reader \(\d+ commands?\)\n$/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("a hand-parsed plain-JS bin: not read, and why", async () => {
  const root = mkdtempSync(join(tmpdir(), "docpact-init-"));
  try {
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "tool", bin: { tool: "bin.js" } }));
    writeFileSync(join(root, "bin.js"), 'const args = process.argv.slice(2);\nif (args[0] === "--x") console.log(1);\n');
    writeFileSync(join(root, "README.md"), "Run `tool --x`.\n");
    const out = await initOutput(root);
    expect(out).toContain(
      "CLI, read with this config:\n  tool  entry `bin.js`: not read: no reader recognized how it parses its arguments (no known framework call, configured command type or flag accessor); `cli/unread` warns where the docs invoke it\n",
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
