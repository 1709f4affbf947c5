/**
 * Seed 003 (@openwop/spec-artifacts 2.44.4 → 2.44.6) rebuilt as a fixture: the spec keeps the old event
 * names in the enum and declares them renamed only in a codemap file it ships (config `vocabularies[].mapping`),
 * and a YAML file lists an error code removed without a replacement. `build --fix` must reproduce the
 * release's renames in prose and schema descriptions, the retired code must be reported, and the code list of
 * the new names must not be taken for a mismatch. check and build --fix run through the CLI's argument handling
 * in process (runCliInProcess: the output and exit code are the subject, not the process boundary);
 * the second build (idempotence) and the inline-config comparison are pipeline behaviour, through the API.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build, check } from "../../compiler/api.js";
import { copyProject, repoRoot, runCliInProcess } from "../helpers/cli.js";

const FIXTURE = "test/fixtures/vocab-seed-003";
const CHANGED = ["docs/reliability.md", "schemas/capabilities.schema.json"];

interface Report {
  diagnostics: { rule: string; severity: string; file: string; line: number; message: string; related?: { file: string; line: number }[] }[];
}

const json = (r: { stdout: string }): Report => JSON.parse(r.stdout) as Report;

describe("seed 003: aliases from a codemap file, a retired code from a YAML file", () => {
  it("check reports each old name (warning, with a fix) and the retired code (error), and no code mismatch", async () => {
    const r = await runCliInProcess(["check", "--root", join(repoRoot, FIXTURE), "--format", "json"]);
    expect(r.status).toBe(1);
    const d = json(r).diagnostics;
    expect(d.filter((x) => x.rule === "vocabulary/deprecated-term").map((x) => [x.file, x.line])).toEqual([
      ["docs/reliability.md", 3],
      ["docs/reliability.md", 4],
      ["schemas/capabilities.schema.json", 11],
      ["schemas/capabilities.schema.json", 11],
      ["schemas/capabilities.schema.json", 11],
      ["schemas/capabilities.schema.json", 11],
      ["schemas/capabilities.schema.json", 31],
    ]);
    const retired = d.filter((x) => x.rule === "vocabulary/retired-term");
    expect(retired).toHaveLength(1);
    expect(retired[0]).toMatchObject({ severity: "error", file: "schemas/capabilities.schema.json", line: 38 });
    expect(retired[0].message).toBe("`unsupported_modality` was retired from schemas/error-envelope.schema.json#/properties/error and has no replacement");
    expect(retired[0].related?.[0]).toMatchObject({ file: "spec/error-codes.yaml", line: 3 });
    expect(d.filter((x) => x.rule === "vocabulary/code-mismatch" || x.rule === "vocabulary/unknown-term")).toEqual([]);
  });

  it("build --fix reproduces the release's renames, leaves the retired code to a person, and is idempotent", async () => {
    const dir = copyProject(FIXTURE);
    const r = await runCliInProcess(["build", "--fix", "--root", dir, "--format", "json"]);
    expect(r.status).toBe(1);
    expect(json(r).diagnostics.map((x) => x.rule)).toEqual(["vocabulary/retired-term"]);
    for (const f of CHANGED) expect(readFileSync(join(dir, f), "utf8"), f).toBe(readFileSync(join(repoRoot, `${FIXTURE}.expected`, f), "utf8"));
    const before = CHANGED.map((f) => readFileSync(join(dir, f), "utf8"));
    await build({ root: dir, fix: true });
    expect(CHANGED.map((f) => readFileSync(join(dir, f), "utf8"))).toEqual(before);
  });

  it("the same renames declared inline in config (aliases, retired) give the same findings", async () => {
    const dir = copyProject(FIXTURE);
    const codemap = JSON.parse(readFileSync(join(dir, "spec/event-codemap.json"), "utf8")) as { events: Record<string, string> };
    const config = {
      docs: ["docs/**/*.md"],
      code: { include: ["src/**/*.ts"] },
      vocabularies: [
        { schema: "schemas/capabilities.schema.json#/properties/reliability/properties/events/items", aliases: codemap.events },
        { schema: "schemas/error-envelope.schema.json#/properties/error", retired: ["unsupported_modality"] },
      ],
    };
    writeFileSync(join(dir, "docpact.config.json"), JSON.stringify(config));
    const inline = (await check({ root: dir })).diagnostics;
    const mapped = (await check({ root: join(repoRoot, FIXTURE) })).diagnostics;
    const key = (x: { rule: string; file: string; line: number; message: string }) => `${x.rule} ${x.file}:${x.line} ${x.message}`;
    expect(inline.map(key)).toEqual(mapped.map(key));
  });

  it("a mapping file that is missing, or a pointer to nothing, is a one-line config error (exit 2)", async () => {
    const dir = copyProject(FIXTURE);
    const config = JSON.parse(readFileSync(join(dir, "docpact.config.json"), "utf8")) as { vocabularies: { mapping?: string }[] };
    config.vocabularies[0].mapping = "spec/event-codemap.json#/nope";
    writeFileSync(join(dir, "docpact.config.json"), JSON.stringify(config));
    const r = await runCliInProcess(["check", "--root", dir]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe("docpact: docpact.config.json: vocabularies mapping spec/event-codemap.json#/nope: nothing at /nope");
    config.vocabularies[0].mapping = "spec/missing.yaml";
    writeFileSync(join(dir, "docpact.config.json"), JSON.stringify(config));
    const m = await runCliInProcess(["check", "--root", dir]);
    expect(m.status).toBe(2);
    expect(m.stderr.trim().split("\n")).toHaveLength(1);
    expect(m.stderr).toContain("cannot read spec/missing.yaml: ENOENT");
  });

  it("with generation on, the codemap reaches the generated members and replacements map, and a changed codemap makes them stale", async () => {
    const dir = copyProject(FIXTURE);
    const file = join(dir, "docpact.config.json");
    const config = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...config, generate: { outDir: "generated" } }));
    await build({ root: dir });
    const mod = readFileSync(join(dir, "generated/schemas/capabilities.ts"), "utf8");
    expect(mod).toContain(
      'export const reliabilityEventsMembers = ["envelope.refusal", "envelope.truncated", "envelope.retry-attempted", "envelope.retry-exhausted", "envelope.nl-to-format-engaged", "envelope.recovery-applied"] as const;',
    );
    expect(mod).toContain(
      [
        "export const reliabilityEventsReplacements: Readonly<Record<string, ReliabilityEventsMember>> = {",
        '  "envelope.retry.attempted": "envelope.retry-attempted",',
        '  "envelope.retry.exhausted": "envelope.retry-exhausted",',
        '  "envelope.nlToFormat.engaged": "envelope.nl-to-format-engaged",',
        '  "envelope.recovery.applied": "envelope.recovery-applied",',
        "};",
      ].join("\n"),
    );
    expect((await check({ root: dir })).diagnostics.filter((d) => d.rule === "generated/stale")).toEqual([]);
    // The release drops one rename from its codemap: the generated map must follow.
    const codemap = join(dir, "spec/event-codemap.json");
    writeFileSync(
      codemap,
      readFileSync(codemap, "utf8")
        .replace(/\n\s*"envelope\.recovery\.applied": "envelope\.recovery-applied"/, "")
        .replace(/,(\s*})/, "$1"),
    );
    const stale = (await check({ root: dir })).diagnostics.filter((d) => d.rule === "generated/stale").map((d) => d.file);
    expect(stale).toContain("generated/schemas/capabilities.ts");
  });

  it("the codemap shipped as an array of rows (fields named in config) gives the same findings", async () => {
    const dir = copyProject(FIXTURE);
    const codemap = JSON.parse(readFileSync(join(dir, "spec/event-codemap.json"), "utf8")) as { events: Record<string, string> };
    const rows = Object.entries(codemap.events).map(([v1, v2]) => ({ v1, v2, rfc: "0228" }));
    writeFileSync(join(dir, "spec/event-codemap.json"), JSON.stringify({ events: rows }, null, 2));
    const file = join(dir, "docpact.config.json");
    const config = JSON.parse(readFileSync(file, "utf8")) as { vocabularies: Record<string, unknown>[] };
    config.vocabularies[0].mappingFields = { from: "v1", to: "v2" };
    writeFileSync(file, JSON.stringify(config));
    const key = (x: { rule: string; file: string; line: number; message: string }) => `${x.rule} ${x.file}:${x.line} ${x.message}`;
    const rowsFound = (await check({ root: dir })).diagnostics.map(key);
    const objectFound = (await check({ root: join(repoRoot, FIXTURE) })).diagnostics.map(key);
    expect(rowsFound).toEqual(objectFound);
    expect(rowsFound.some((k) => k.startsWith("vocabulary/deprecated-term"))).toBe(true);
  });
});
