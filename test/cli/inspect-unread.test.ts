/** `inspect commands` never shows a surface nothing was read into as a closed list; it says, per binary, whether it was read. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { inspect } from "../../compiler/cli/inspect.js";
import { runPipeline } from "../../compiler/pipeline.js";
import { repoRoot } from "../helpers/cli.js";

const surfaceRow = (rows: unknown[]) => rows.find((r) => (r as { path: string }).path === "(surface)") as Record<string, unknown>;

test("an unread CLI: the lists are open with the reason, the binary is not read and says where reading stopped", async () => {
  const root = mkdtempSync(join(tmpdir(), "docpact-inspect-"));
  try {
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "tool", bin: { tool: "bin.js" } }));
    writeFileSync(join(root, "bin.js"), "const args = process.argv.slice(2);\n");
    writeFileSync(join(root, "README.md"), "Run `tool --x`.\n");
    // An explicit empty include reads no code at all (without a config the bin would be followed from its entry).
    writeFileSync(join(root, "docpact.config.json"), JSON.stringify({ code: { include: [] } }));
    const { model } = await runPipeline({ root });
    const row = surfaceRow(inspect("commands", model));
    const stopped = "no code is in scope (config `code`, or a root tsconfig.json)";
    expect(row.commandSet).toEqual({ closed: false, reason: `no CLI reader understood the code: ${stopped}` });
    expect(row.globalFlagSet).toEqual({ closed: false, reason: `no CLI reader understood the code: ${stopped}` });
    expect(row.binaries).toEqual([{ binary: "tool", entry: "bin.js", read: false, stopped }]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("a read CLI: its binary is read, by the readers that found commands; the lists keep their own closure", async () => {
  const { model } = await runPipeline({ root: join(repoRoot, "test/fixtures/cli-commander") });
  const row = surfaceRow(inspect("commands", model));
  expect((row.binaries as { read: boolean; readers: string[] }[]).map((b) => [b.read, b.readers])).toEqual(model.binaries.map(() => [true, ["commander"]]));
  expect(row.commandSet).toEqual({ closed: true });
});
