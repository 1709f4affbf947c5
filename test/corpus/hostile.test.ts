/**
 * Hostile and broken input, as a corpus: every case runs check, build, check
 * on a small project and asserts the exit codes, that no run ends in an
 * internal error (a stack trace), that check changes nothing, that build
 * changes only what it is meant to write, and that a sibling folder outside
 * the root is never read into the output or touched. Most cases run in
 * process through the API; a representative subset spawns the CLI.
 * Large inputs are generated here, never committed. The per-case timeout is
 * generous: it only catches hangs.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { cliPath, runCliInProcess } from "../helpers/cli.js";
import { type Case, config, corpusSuite, GEN, GUIDE, HANG, HEADER, isRoot, REGION_DOC, SCHEMA, scratchFolder } from "./harness.js";

const deepJson = (n: number) => "[".repeat(n) + "]".repeat(n);
const deepSchema = (n: number) => '{"properties":{"a":'.repeat(n) + "{}" + "}}".repeat(n);
const invalidUtf8 = Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]);

const cases: Case[] = [
  // ── baseline ──
  { name: "the base project is clean", exit: 0 },
  { name: "with generation on, build writes generated/ and is then clean", files: { "docpact.config.json": GEN }, exit: [1, 0, 0], rules: ["generated/stale"] },

  // ── write ownership of the output folder ──
  {
    name: 'outDir "." is a config error in check and build',
    files: { "docpact.config.json": config({ generate: { outDir: "." } }) },
    exit: 2,
    error: "is the root itself",
    cli: "argv",
  },
  { name: 'outDir "./" is the root too', files: { "docpact.config.json": config({ generate: { outDir: "./" } }) }, exit: 2, error: "is the root itself" },
  { name: 'outDir ".." is refused', files: { "docpact.config.json": config({ generate: { outDir: ".." } }) }, exit: 2, error: "leaves the root" },
  {
    name: "outDir into the sibling folder is refused",
    files: { "docpact.config.json": config({ generate: { outDir: "../sibling" } }) },
    exit: 2,
    error: "leaves the root",
  },
  {
    name: "an absolute outDir is refused",
    files: { "docpact.config.json": config({ generate: { outDir: "/tmp/docpact-out" } }) },
    exit: 2,
    error: "leaves the root",
  },
  {
    name: "outDir inside node_modules is refused",
    files: { "docpact.config.json": config({ generate: { outDir: "node_modules/docpact/dist" } }) },
    exit: 2,
    error: "node_modules",
  },
  { name: "outDir that holds the docs is refused", files: { "docpact.config.json": config({ generate: { outDir: "docs" } }) }, exit: 2, error: "holds inputs" },
  {
    name: "outDir that holds the code is refused",
    files: { "docpact.config.json": config({ code: { include: ["src/**/*.ts"] }, generate: { outDir: "src" } }), "src/a.ts": "export const a = 1;\n" },
    exit: 2,
    error: "holds inputs",
  },
  {
    name: "outDir that holds a tsconfig project's code is refused",
    files: {
      "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"], generate: { outDir: "src" } }),
      "tsconfig.json": "{}",
      "src/a.ts": "export const a = 1;\n",
    },
    exit: 2,
    error: "src/a.ts",
  },
  {
    name: "outDir that holds a doc a broad glob reads is refused",
    files: { "docpact.config.json": config({ docs: ["**/*.md"], generate: { outDir: "notes" } }), "notes/x.md": "# x\n" },
    exit: 2,
    error: "notes/x.md",
  },
  { name: "outDir that is a file is refused", files: { "docpact.config.json": GEN, generated: "not a folder\n" }, exit: 2, error: "is not a folder" },
  {
    name: "outDir that is a symlink to a folder outside the root is refused, nothing written there",
    files: { "docpact.config.json": GEN },
    setup: (root, sib) => symlinkSync(join(sib, "out"), join(root, "generated")),
    exit: 2,
    error: "symbolic link",
  },
  {
    name: "a symlink inside outDir to an outside folder: build never deletes through it",
    files: { "docpact.config.json": GEN },
    setup: (root, sib) => {
      mkdirSync(join(root, "generated"));
      symlinkSync(join(sib, "out"), join(root, "generated/link"));
    },
    exit: [1, 0, 0],
    rules: ["generated/stale"],
    after: (_root, sib) => expect(existsSync(join(sib, "out/victim.ts"))).toBe(true),
  },
  {
    name: "a file symlink inside outDir with the header is neither deleted nor followed",
    files: { "docpact.config.json": GEN },
    setup: (root, sib) => {
      mkdirSync(join(root, "generated"));
      symlinkSync(join(sib, "out/victim.ts"), join(root, "generated/victim.ts"));
    },
    exit: [1, 0, 0],
    writes: ["generated/contracts", "generated/index.ts", "generated/delegations.ts"],
    after: (root) => expect(lstatSync(join(root, "generated/victim.ts")).isSymbolicLink()).toBe(true),
  },
  {
    name: "a hand-written file in outDir (no header) is kept by build and reported by check",
    files: { "docpact.config.json": GEN, "generated/notes.ts": "export const mine = 1;\n" },
    exit: [1, 1, 1],
    rules: ["generated/stale"],
    after: (root) => expect(readFileSync(join(root, "generated/notes.ts"), "utf8")).toBe("export const mine = 1;\n"),
  },
  {
    name: "a stale generated module (header, no schema) is removed by build",
    files: { "docpact.config.json": GEN, "generated/old.ts": "// Generated by docpact from contracts/gone.schema.json. Do not edit.\nexport {};\n" },
    exit: [1, 0, 0],
    after: (root, _s, runs) => {
      expect(existsSync(join(root, "generated/old.ts"))).toBe(false);
      expect(runs[1].report?.written).toContain("generated/old.ts");
    },
  },
  {
    name: "a half-typed schema keeps its generated module (no delete, no 'remove it')",
    files: { "docpact.config.json": GEN, "generated/contracts/event.ts": `${HEADER}export interface Event {}\n` },
    setup: (root) => writeFileSync(join(root, "contracts/event.schema.json"), '{"type": "object", "properties": {'),
    exit: 1,
    rules: ["schema/invalid"],
    writes: ["generated/index.ts", "generated/delegations.ts"],
    after: (root, _s, runs) => {
      expect(readFileSync(join(root, "generated/contracts/event.ts"), "utf8")).toBe(`${HEADER}export interface Event {}\n`);
      expect(runs[0].report?.diagnostics.some((d) => d.message.includes("remove it"))).toBe(false);
    },
  },
  {
    name: "an unreadable (not UTF-8) schema keeps its generated module",
    files: {
      "docpact.config.json": GEN,
      "generated/contracts/event.ts": `${HEADER}export interface Event {}\n`,
      "contracts/event.schema.json": Buffer.from([0x7b, 0xff, 0x7d]),
    },
    exit: 1,
    rules: ["input/unreadable"],
    writes: ["generated/index.ts", "generated/delegations.ts"],
    after: (root) => expect(existsSync(join(root, "generated/contracts/event.ts"))).toBe(true),
  },
  {
    name: "build removes its own stale temp files from a killed run",
    files: { "docpact.config.json": GEN, "generated/.999999999.1700000000000.docpact.tmp": "half" },
    exit: [1, 0, 0],
    after: (root, _s, runs) => {
      expect(existsSync(join(root, "generated/.999999999.1700000000000.docpact.tmp"))).toBe(false);
      expect(runs[1].report?.written).toContain("generated/.999999999.1700000000000.docpact.tmp");
    },
  },
  {
    name: "a rewritten document keeps its mode",
    files: { "docs/kinds.md": REGION_DOC },
    setup: (root) => chmodSync(join(root, "docs/kinds.md"), 0o755),
    exit: [1, 0, 0],
    rules: ["fragment/stale"],
    writes: ["docs/kinds.md"],
    after: (root) => expect(statSync(join(root, "docs/kinds.md")).mode & 0o777).toBe(0o755),
  },
  {
    name: "a read-only document with a stale region keeps its mode when rewritten",
    files: { "docs/kinds.md": REGION_DOC },
    setup: (root) => chmodSync(join(root, "docs/kinds.md"), 0o444),
    exit: [1, 0, 0],
    writes: ["docs/kinds.md"],
    after: (root) => expect(statSync(join(root, "docs/kinds.md")).mode & 0o777).toBe(0o444),
  },
  {
    name: "a write that fails part-way: build exits 2 listing what it had written",
    files: { "docpact.config.json": GEN, "generated/index.ts/keep": "a folder where build writes a file" },
    exit: [1, 2, 1],
    error: "written before stopping (3): generated/contracts/event.ts, generated/contracts/event.validator.ts, generated/delegations.ts",
  },
  {
    name: "a read-only output folder: build exits 2 saying what it wrote",
    skip: isRoot,
    files: { "docpact.config.json": GEN, "docs/kinds.md": REGION_DOC, "generated/keep.txt": "x" },
    setup: (root) => chmodSync(join(root, "generated"), 0o555),
    exit: [1, 2, 1],
    error: "written before stopping",
    writes: ["docs/kinds.md", "generated"],
  },
  {
    name: "a read-only docs folder: build exits 2 saying what it wrote",
    skip: isRoot,
    files: { "docs/kinds.md": REGION_DOC },
    setup: (root) => chmodSync(join(root, "docs"), 0o555),
    exit: [1, 2, 1],
    error: "cannot write docs/kinds.md",
  },

  // ── crashes and hangs become diagnostics ──
  { name: "a schema whose content is null", files: { "contracts/event.schema.json": "null" }, exit: 1, rules: ["schema/invalid"] },
  {
    name: "a schema whose content is null, with generation on",
    files: { "docpact.config.json": GEN, "contracts/event.schema.json": "null" },
    exit: [1, 1, 1],
    rules: ["schema/invalid"],
  },
  { name: "a schema that is an array", files: { "contracts/event.schema.json": "[]" }, exit: 1, rules: ["schema/invalid"] },
  { name: "a schema that is a string", files: { "contracts/event.schema.json": '"x"' }, exit: 1, rules: ["schema/invalid"] },
  { name: "a boolean schema is valid", files: { "contracts/event.schema.json": "true" }, exit: 0 },
  { name: "10,000 nested blockquotes", files: { "docs/deep.md": `${">".repeat(10_000)} x\n` }, exit: 0, rules: ["input/too-large"], cli: true },
  { name: "10,000 nested list items", files: { "docs/deep.md": `${"- ".repeat(10_000)}x\n` }, exit: 0, rules: ["input/too-large"] },
  {
    name: "nested list items by indentation",
    files: { "docs/deep.md": Array.from({ length: 300 }, (_, i) => `${"  ".repeat(i)}- x`).join("\n") },
    exit: 0,
    rules: ["input/too-large"],
  },
  { name: "JSON nested 6,000 deep in a schema", files: { "contracts/event.schema.json": deepJson(6_000) }, exit: 1, rules: ["schema/invalid"] },
  {
    name: "a schema nested 1,000 deep",
    files: { "docpact.config.json": GEN, "contracts/event.schema.json": deepSchema(1_000) },
    exit: [1, 1, 1],
    rules: ["schema/invalid"],
  },
  { name: "a schema nested 40 deep still generates", files: { "docpact.config.json": GEN, "contracts/event.schema.json": deepSchema(40) }, exit: [1, 0, 0] },
  {
    name: "an instance nested 6,000 deep",
    files: {
      "docpact.config.json": config({ instances: [{ files: ["data/*.json"], schema: "contracts/event.schema.json" }] }),
      "data/x.json": deepJson(6_000),
    },
    exit: 1,
    rules: ["schema/invalid-instance"],
  },
  {
    name: "a 2 MB Markdown file of blockquotes is refused by size before parsing",
    files: { "docs/big.md": "> a\n".repeat(500_000) },
    exit: 0,
    rules: ["input/too-large"],
  },
  {
    name: "a 2 MB schema is refused by size",
    files: { "contracts/big.schema.json": `{"description": "${"x".repeat(2_000_000)}"}` },
    exit: 0,
    rules: ["input/too-large"],
  },
  {
    name: "limits.maxFileBytes lets a user read a larger file",
    files: {
      "docpact.config.json": config({ limits: { maxFileBytes: 2_000_000 } }),
      "contracts/big.schema.json": `{"description": "${"x".repeat(1_000_000)}"}`,
    },
    exit: 0,
  },
  {
    name: "limits.maxFileBytes can be lowered",
    files: { "docpact.config.json": config({ limits: { maxFileBytes: 100 } }), "docs/long.md": `# Long\n\n${"word ".repeat(40)}\n` },
    exit: 0,
    rules: ["input/too-large"],
  },
  {
    name: "limits.maxNesting is a config key",
    files: { "docpact.config.json": config({ limits: { maxNesting: 3 } }), "docs/q.md": "> > > > x\n" },
    exit: 1,
    rules: ["input/too-large"],
  },
  { name: "a bad limits value is a config error", files: { "docpact.config.json": config({ limits: { maxFileBytes: 0 } }) }, exit: 2 },
  {
    name: "a template whose output explodes stops at limits.maxRegionBytes",
    files: {
      "docpact.config.json": config({ templates: "tpl" }),
      "tpl/boom.hbs": "{{#each members}}{{#each ../members}}{{#each ../../members}}{{#each ../../../members}}{{value}}{{/each}}{{/each}}{{/each}}{{/each}}",
      "contracts/event.schema.json": JSON.stringify({ type: "object", properties: { kind: { enum: Array.from({ length: 100 }, (_, i) => `member-${i}`) } } }),
      "docs/boom.md": '<!-- docpact:begin boom source="../contracts/event.schema.json#/properties/kind" -->\n<!-- docpact:end -->\n',
    },
    exit: 1,
    rules: ["fragment/malformed"],
  },
  {
    name: "a template that loops too long stops at limits.renderTimeoutMs",
    files: {
      "docpact.config.json": config({ templates: "tpl", limits: { renderTimeoutMs: 20 } }),
      "tpl/spin.hbs": "{{#each members}}{{#each ../members}}{{#each ../../members}}{{#each ../../../members}}{{/each}}{{/each}}{{/each}}{{/each}}",
      "contracts/event.schema.json": JSON.stringify({ type: "object", properties: { kind: { enum: Array.from({ length: 100 }, (_, i) => `member-${i}`) } } }),
      "docs/spin.md": '<!-- docpact:begin spin source="../contracts/event.schema.json#/properties/kind" -->\n<!-- docpact:end -->\n',
    },
    exit: 1,
    rules: ["fragment/malformed"],
  },
  {
    // Through the one guarded read (util/guarded-read.ts), as every other input.
    name: "a user template that is not UTF-8 text is refused, never rendered",
    files: {
      "docpact.config.json": config({ templates: "tpl" }),
      "tpl/bin.hbs": Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00, 0x00, 0x42, 0x00, 0x00, 0x00]),
      "docs/bin.md": "<!-- docpact:begin bin -->\n<!-- docpact:end -->\n",
    },
    exit: 1,
    rules: ["fragment/malformed"],
    after: (_root, _sibling, runs) => {
      const messages = (runs[0].report?.diagnostics ?? []).map((d) => d.message).join("\n");
      expect(messages).toContain("template tpl/bin.hbs is not UTF-8 text");
    },
  },
  {
    name: "a 2 MB user template is refused",
    files: {
      "docpact.config.json": config({ templates: "tpl" }),
      "tpl/big.hbs": "x".repeat(2_000_000),
      "docs/big.md": "<!-- docpact:begin big -->\n<!-- docpact:end -->\n",
    },
    exit: 1,
    rules: ["fragment/malformed"],
  },

  // ── confinement ──
  {
    name: "a module: source symlinked to a file outside the root is not folded",
    files: { "docs/m.md": '<!-- docpact:begin vocabulary source="module:../src/secret.ts#SECRET" -->\n<!-- docpact:end -->\n' },
    setup: (root, sib) => {
      mkdirSync(join(root, "src"));
      symlinkSync(join(sib, "secret.ts"), join(root, "src/secret.ts"));
    },
    exit: 1,
    rules: ["fragment/malformed"],
  },
  {
    name: "a doc symlinked to a file outside the root",
    setup: (root, sib) => symlinkSync(join(sib, "secret.md"), join(root, "docs/secret.md")),
    exit: 1,
    rules: ["input/outside-root"],
  },
  { name: "a doc symlinked to /etc/passwd", setup: (root) => symlinkSync("/etc/passwd", join(root, "docs/passwd.md")), exit: 1, rules: ["input/outside-root"] },
  {
    name: "a schema symlinked outside the root",
    setup: (root, sib) => symlinkSync(join(sib, "x.schema.json"), join(root, "contracts/x.schema.json")),
    exit: 1,
    rules: ["input/outside-root"],
  },
  { name: "a docs folder symlinked outside the root", setup: (root, sib) => symlinkSync(sib, join(root, "docs/ext")), exit: 1, rules: ["input/outside-root"] },
  {
    name: "a doc symlinked to a doc that is read anyway is silent (an alias)",
    setup: (root) => symlinkSync("guide.md", join(root, "docs/alias.md")),
    exit: 0,
    after: (_r, _s, runs) => expect(runs[0].report?.diagnostics).toEqual([]),
  },
  {
    name: "a doc symlinked to an in-root file no glob reads is said, not followed",
    files: { "notes/n.md": "# n\n" },
    setup: (root) => symlinkSync("../notes/n.md", join(root, "docs/n.md")),
    exit: 0,
    rules: ["input/special-file"],
  },
  { name: "a broken symlink named like a doc", setup: (root) => symlinkSync("nowhere.md", join(root, "docs/broken.md")), exit: 1, rules: ["input/unreadable"] },
  {
    name: "a FIFO named x.md is never opened",
    setup: (root) => spawnSync("mkfifo", [join(root, "docs/x.md")]),
    exit: 0,
    rules: ["input/special-file"],
    cli: true,
  },
  {
    name: "a docs glob leaving the root is a config error",
    files: { "docpact.config.json": config({ docs: ["../sibling/*.md"] }) },
    exit: 2,
    error: "leaves the root",
  },
  {
    name: "an absolute schemas glob is a config error",
    files: { "docpact.config.json": config({ schemas: ["/etc/*.json"] }) },
    exit: 2,
    error: "leaves the root",
  },
  {
    name: "a code glob leaving the root is a config error",
    files: { "docpact.config.json": config({ code: { include: ["../**/*.ts"] } }) },
    exit: 2,
    error: "leaves the root",
  },
  {
    name: "an instances glob leaving the root is a config error",
    files: { "docpact.config.json": config({ instances: [{ files: ["../sibling/*.json"], schema: "contracts/event.schema.json" }] }) },
    exit: 2,
    error: "leaves the root",
  },
  {
    name: "a templates folder outside the root is a config error",
    files: { "docpact.config.json": config({ templates: "../sibling" }) },
    exit: 2,
    error: "leaves the root",
  },
  {
    name: "a root-escaping $ref is unresolved, never read",
    files: { "contracts/event.schema.json": JSON.stringify({ $ref: "../../sibling/x.schema.json" }) },
    exit: 1,
    rules: ["schema/unresolved-ref"],
  },
  // Another publisher's schema: never fetched, and not judged (docpact cannot know it is missing).
  {
    name: "a remote $ref is never fetched (another publisher's: not judged)",
    files: { "contracts/event.schema.json": JSON.stringify({ $ref: "https://example.com/x.schema.json" }) },
    exit: 0,
  },
  {
    name: "a remote $ref in the schema's own $id folder is unresolved, never fetched",
    files: { "contracts/event.schema.json": JSON.stringify({ $id: "https://example.com/event.schema.json", $ref: "https://example.com/x.schema.json" }) },
    exit: 1,
    rules: ["schema/unresolved-ref"],
  },
  {
    name: "an unreadable folder is reported",
    skip: isRoot,
    setup: (root) => {
      mkdirSync(join(root, "docs/locked"));
      chmodSync(join(root, "docs/locked"), 0o000);
    },
    exit: 1,
    rules: ["input/unreadable"],
  },
  { name: "an unreadable doc is reported", skip: isRoot, setup: (root) => chmodSync(join(root, "docs/guide.md"), 0o000), exit: 1, rules: ["input/unreadable"] },

  // ── malformed input ──
  { name: "truncated JSON schema", files: { "contracts/event.schema.json": SCHEMA.slice(0, 40) }, exit: 1, rules: ["schema/invalid"] },
  { name: "a schema with a trailing comma", files: { "contracts/event.schema.json": '{"type": "object",}' }, exit: 1, rules: ["schema/invalid"] },
  { name: "a schema with a BOM", files: { "contracts/event.schema.json": `\uFEFF${SCHEMA}` }, exit: 0 },
  { name: "a schema with CRLF", files: { "contracts/event.schema.json": SCHEMA.replace(/\n/g, "\r\n") }, exit: 0 },
  { name: "a schema that is not UTF-8", files: { "contracts/event.schema.json": Buffer.from([0x7b, 0xff, 0x7d]) }, exit: 1, rules: ["input/unreadable"] },
  { name: "a doc with a BOM", files: { "docs/guide.md": `\uFEFF${GUIDE}` }, exit: 0 },
  { name: "a doc with CRLF", files: { "docs/guide.md": GUIDE.replace(/\n/g, "\r\n") }, exit: 0 },
  { name: "a doc that is not UTF-8", files: { "docs/bad.md": invalidUtf8 }, exit: 1, rules: ["input/unreadable"] },
  {
    name: "a stale region in a BOM + CRLF doc is rewritten keeping both",
    files: { "docs/kinds.md": `\uFEFF${REGION_DOC.replace(/\n/g, "\r\n")}` },
    exit: [1, 0, 0],
    writes: ["docs/kinds.md"],
    after: (root) => {
      const t = readFileSync(join(root, "docs/kinds.md"), "utf8");
      expect(t.startsWith("\uFEFF")).toBe(true);
      expect(t.includes("\r\n") && !/[^\r]\n/.test(t)).toBe(true);
    },
  },
  {
    name: "code that is not UTF-8",
    files: { "docpact.config.json": config({ code: { include: ["src/**/*.ts"] } }), "src/a.ts": Buffer.from([0x63, 0x6f, 0xff, 0x0a]) },
    exit: 1,
    rules: ["input/unreadable"],
  },
  {
    name: "code with a BOM and CRLF",
    files: { "docpact.config.json": config({ code: { include: ["src/**/*.ts"] } }), "src/a.ts": "\uFEFFexport const a = 1;\r\n" },
    exit: 0,
  },
  {
    name: "a TypeScript syntax error",
    files: { "docpact.config.json": config({ code: { include: ["src/**/*.ts"] } }), "src/a.ts": "export const = (;\n" },
    exit: 0,
    rules: ["input/code-syntax"],
  },
  {
    name: "a cyclic $ref to itself",
    files: { "contracts/event.schema.json": JSON.stringify({ $defs: { a: { $ref: "#/$defs/a" } }, $ref: "#/$defs/a" }) },
    exit: [0, 0, 0],
  },
  {
    name: "a cyclic $ref to itself, with generation on, is a diagnostic (no silent skip)",
    files: { "docpact.config.json": GEN, "contracts/event.schema.json": JSON.stringify({ $defs: { a: { $ref: "#/$defs/a" } }, $ref: "#/$defs/a" }) },
    exit: [1, 1, 1],
    rules: ["schema/invalid"],
  },
  {
    name: "a cyclic $ref across files",
    files: {
      "docpact.config.json": GEN,
      "contracts/a.schema.json": JSON.stringify({ $ref: "b.schema.json" }),
      "contracts/b.schema.json": JSON.stringify({ $ref: "a.schema.json" }),
    },
    exit: [1, 0, 0],
  },
  {
    name: "a begin marker without an end",
    files: { "docs/r.md": '<!-- docpact:begin vocabulary source="../contracts/event.schema.json#/properties/kind" -->\ntext\n' },
    exit: 1,
    rules: ["fragment/malformed"],
  },
  { name: "an end marker without a begin", files: { "docs/r.md": "text\n<!-- docpact:end -->\n" }, exit: 1, rules: ["fragment/malformed"] },
  {
    name: "nested markers",
    files: {
      "docs/r.md":
        '<!-- docpact:begin vocabulary source="../contracts/event.schema.json#/properties/kind" -->\n<!-- docpact:begin delegations -->\n<!-- docpact:end -->\n<!-- docpact:end -->\n',
    },
    exit: 1,
    rules: ["fragment/malformed"],
  },
  { name: "markers inside a code fence are text", files: { "docs/r.md": "```\n<!-- docpact:begin nothing -->\n```\n" }, exit: 0 },
  {
    name: "prototype access in a template",
    files: {
      "docpact.config.json": config({ templates: "tpl" }),
      "tpl/proto.hbs": '{{constructor.name}}{{__proto__.polluted}}{{lookup this "constructor"}}',
      "docs/p.md": "<!-- docpact:begin proto -->\n<!-- docpact:end -->\n",
    },
    exit: 1,
    rules: ["fragment/malformed"],
  },
  {
    name: "a template with a syntax error",
    files: {
      "docpact.config.json": config({ templates: "tpl" }),
      "tpl/bad.hbs": "{{#each}",
      "docs/p.md": "<!-- docpact:begin bad -->\n<!-- docpact:end -->\n",
    },
    exit: 1,
    rules: ["fragment/malformed"],
  },
  { name: "an empty doc", files: { "docs/empty.md": "" }, exit: 0 },
  { name: "an empty schema file", files: { "contracts/event.schema.json": "" }, exit: 1, rules: ["schema/invalid"] },
  { name: "an empty TypeScript file", files: { "docpact.config.json": config({ code: { include: ["src/**/*.ts"] } }), "src/a.ts": "" }, exit: 0 },
  { name: "an empty config file", files: { "docpact.config.json": "" }, exit: 2, error: "invalid JSON", cli: "argv" },
  { name: "a config that is an array", files: { "docpact.config.json": "[]" }, exit: 2 },
  { name: "a config with an unknown key", files: { "docpact.config.json": config({ nope: 1 }) }, exit: 2 },
  {
    name: "a broken tsconfig",
    files: { "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"] }), "tsconfig.json": '{ "include": [' },
    exit: 2,
    error: "tsconfig",
  },
  {
    name: "a tsconfig that extends itself",
    files: { "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"] }), "tsconfig.json": '{ "extends": "./tsconfig.json" }' },
    exit: 0,
  },
  {
    name: "a tsconfig including code outside the root is a config error",
    files: { "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"] }), "tsconfig.json": '{ "include": ["../sibling/**/*.ts"] }' },
    exit: 2,
    error: "leaves the root",
  },
  {
    name: "a tsconfig extending a file outside the root: not read, said",
    files: { "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"] }), "tsconfig.json": '{ "extends": "../sibling/tsconfig.base.json" }' },
    setup: (_r, sib) => writeFileSync(join(sib, "tsconfig.base.json"), '{ "include": ["../sibling/**/*.ts"] }'),
    exit: 1,
    rules: ["input/outside-root"],
  },
  {
    name: "a tsconfig that is a symlink to a file outside the root is a config error",
    files: { "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"] }) },
    setup: (root, sib) => {
      writeFileSync(join(sib, "tsconfig.json"), "{}");
      symlinkSync(join(sib, "tsconfig.json"), join(root, "tsconfig.json"));
    },
    exit: 2,
    error: "outside the root",
  },
  {
    name: "a package.json linked outside the root is a config error",
    setup: (root, sib) => {
      writeFileSync(join(sib, "package.json"), '{"name": "SECRET"}');
      rmSync(join(root, "package.json"));
      symlinkSync(join(sib, "package.json"), join(root, "package.json"));
    },
    exit: 2,
    error: "outside the root",
  },
  {
    name: "a docpact.config.json linked outside the root is a config error",
    setup: (root, sib) => {
      writeFileSync(join(sib, "c.json"), "{}");
      rmSync(join(root, "docpact.config.json"));
      symlinkSync(join(sib, "c.json"), join(root, "docpact.config.json"));
    },
    exit: 2,
    error: "outside the root",
  },
  { name: "a broken package.json", files: { "package.json": "{ name: p" }, exit: 2, error: "package.json" },
  { name: "a package.json whose bin is a number", files: { "package.json": '{"name": "p", "bin": 3}' }, exit: 0 },

  // ── round 2: code injected into generated files ──
  {
    name: 'a registry over a file named q";process.exit(7);"x.ts and one with a line break: the module parses, nothing injected',
    files: {
      "docpact.config.json": config({ code: { include: ["src/**/*.ts"] }, generate: { registries: [{ file: "plugins.ts", include: ["src/plugins/*.ts"] }] } }),
      'src/plugins/q";process.exit(7);"x.ts': "export default 1;\n",
      "src/plugins/new\nline.ts": "export default 2;\n",
      "src/plugins/plain.ts": "export default 3;\n",
    },
    exit: [1, 0, 0],
    after: (root) => {
      const text = readFileSync(join(root, "generated/plugins.ts"), "utf8");
      const t = topLevel(text);
      expect({ errors: t.errors, kinds: t.kinds }).toEqual({
        errors: [],
        kinds: ["ImportDeclaration", "ImportDeclaration", "ImportDeclaration", "ExportAssignment"],
      });
    },
  },
  {
    name: "schemas named with quotes, a line break and */ generate modules that parse and inject nothing",
    files: {
      "docpact.config.json": GEN,
      'contracts/q";process.exit(7);"x.schema.json': JSON.stringify({ type: "object", properties: { "*/process.exit(9)/*": { enum: ["a*/b", 'c";d'] } } }),
      "contracts/new\nline.schema.json": JSON.stringify({ type: "object", description: "*/ process.exit(5) /*", properties: { kind: { enum: ["x"] } } }),
    },
    exit: [1, 0, 0],
    after: (root) => {
      const files = readdirSync(join(root, "generated"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
      expect(files.length).toBeGreaterThanOrEqual(4);
      for (const f of files) {
        const t = topLevel(readFileSync(join(root, "generated", f), "utf8"));
        expect(t.errors, f).toEqual([]);
        expect(
          t.calls.filter((c) => c === "process.exit"),
          `${f}: ${readFileSync(join(root, "generated", f), "utf8")}`,
        ).toEqual([]);
      }
    },
  },

  // ── round 2: confinement and the guarded read ──
  {
    name: "decisions.documentRoot leaving the root is a config error",
    files: { "docpact.config.json": config({ decisions: { module: "src/d.ts", export: "D", documentRoot: "../sibling" } }) },
    exit: 2,
    error: "leaves the root",
  },
  {
    name: "config baseline leaving the root is a config error",
    files: { "docpact.config.json": config({ baseline: "../sibling/base.json" }) },
    setup: (_r, sib) => writeFileSync(join(sib, "base.json"), '{"version": 1, "findings": [{"rule": "SECRET-TEXT"}]}'),
    exit: 2,
    error: "leaves the root",
  },
  {
    name: "package.json bin entries outside the root are said, never read",
    files: {
      "package.json": JSON.stringify({ name: "p", bin: { aw: "../sibling/leak.js", ab: "/etc/leak.js" } }),
      "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"], schemas: ["contracts/**/*.schema.json"] }),
      "tsconfig.json": '{ "include": ["src"] }',
      "src/a.ts": "export const a = 1;\n",
    },
    setup: (_r, sib) => writeFileSync(join(sib, "leak.js"), 'program.command("SECRET-TEXT");\n'),
    exit: 1,
    rules: ["input/outside-root"],
  },
  {
    name: "a mkdocs.yml that is a symlink to a file outside the root is not read",
    setup: (root, sib) => {
      writeFileSync(join(sib, "mkdocs.yml"), "site_name: [SECRET-TEXT\n  bad: {\n");
      symlinkSync(join(sib, "mkdocs.yml"), join(root, "mkdocs.yml"));
    },
    exit: [0, 0, 0],
  },
  {
    name: "node_modules a symlink to a folder outside: build writes no cache there",
    files: { "docpact.config.json": GEN },
    setup: (root, sib) => {
      mkdirSync(join(sib, "nm"));
      symlinkSync(join(sib, "nm"), join(root, "node_modules"));
    },
    exit: [1, 0, 0],
  },
  {
    name: "node_modules/.cache/docpact a symlink to a folder outside: build writes no cache there",
    files: { "docpact.config.json": GEN, "node_modules/.keep": "" },
    setup: (root, sib) => {
      mkdirSync(join(sib, "cache"));
      mkdirSync(join(root, "node_modules/.cache"));
      symlinkSync(join(sib, "cache"), join(root, "node_modules/.cache/docpact"));
    },
    exit: [1, 0, 0],
  },
  {
    name: "a FIFO as the baseline file is refused, not waited on",
    setup: (root) => spawnSync("mkfifo", [join(root, "docpact-baseline.json")]),
    exit: 2,
    error: "not a regular file",
  },
  {
    name: "/dev/zero as the baseline file is refused, not read",
    setup: (root) => symlinkSync("/dev/zero", join(root, "docpact-baseline.json")),
    exit: 2,
    error: "docpact-baseline.json",
  },
  {
    name: "a baseline linked outside the root is refused",
    setup: (root, sib) => {
      writeFileSync(join(sib, "b.json"), '{"version": 1, "findings": [{"rule": "SECRET-TEXT"}]}');
      symlinkSync(join(sib, "b.json"), join(root, "docpact-baseline.json"));
    },
    exit: 2,
    error: "outside the root",
  },
  {
    name: "a FIFO as a vocabulary mapping is refused, not waited on",
    files: { "docpact.config.json": config({ vocabularies: [{ schema: "contracts/event.schema.json#/properties/kind", mapping: "contracts/map.json" }] }) },
    setup: (root) => spawnSync("mkfifo", [join(root, "contracts/map.json")]),
    exit: 2,
    error: "not a regular file",
  },
  {
    name: "/dev/zero as a vocabulary mapping is refused",
    files: { "docpact.config.json": config({ vocabularies: [{ schema: "contracts/event.schema.json#/properties/kind", mapping: "contracts/map.json" }] }) },
    setup: (root) => symlinkSync("/dev/zero", join(root, "contracts/map.json")),
    exit: 2,
    error: "contracts/map.json",
  },
  {
    name: "a FIFO as package.json is refused, not waited on",
    setup: (root) => {
      rmSync(join(root, "package.json"));
      spawnSync("mkfifo", [join(root, "package.json")]);
    },
    exit: 2,
    error: "not a regular file",
  },
  {
    name: "/dev/zero as package.json is refused, not read",
    setup: (root) => {
      rmSync(join(root, "package.json"));
      symlinkSync("/dev/zero", join(root, "package.json"));
    },
    exit: 2,
    error: "package.json",
  },
  {
    name: "/dev/zero as the config file is refused, not read",
    setup: (root) => {
      rmSync(join(root, "docpact.config.json"));
      symlinkSync("/dev/zero", join(root, "docpact.config.json"));
    },
    exit: 2,
    error: "docpact.config.json",
  },
  {
    name: "a tsconfig.json linked to nothing is an error, not 0 code files",
    files: { "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"] }) },
    setup: (root) => symlinkSync("nowhere.json", join(root, "tsconfig.json")),
    exit: 2,
    error: "symbolic link to nothing",
  },
  {
    name: "a tsconfig.json linked to itself is an error",
    files: { "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"] }) },
    setup: (root) => symlinkSync("tsconfig.json", join(root, "tsconfig.json")),
    exit: 2,
    error: "loops",
  },
  {
    name: "/dev/zero as tsconfig.json is refused, not read",
    files: { "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"] }) },
    setup: (root) => symlinkSync("/dev/zero", join(root, "tsconfig.json")),
    exit: 2,
    error: "tsconfig",
  },
];

/** Syntax errors and top-level statement kinds of generated TypeScript. */
function topLevel(code: string): { errors: string[]; kinds: string[]; calls: string[] } {
  const out = ts.transpileModule(code, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  const sf = ts.createSourceFile("x.ts", code, ts.ScriptTarget.ES2022, true);
  const calls: string[] = [];
  const walk = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) calls.push(n.expression.getText(sf));
    ts.forEachChild(n, walk);
  };
  walk(sf);
  return {
    errors: (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " ")),
    kinds: sf.statements.map((x) => ts.SyntaxKind[x.kind]),
    calls,
  };
}

describe("hostile corpus size", () => {
  it("has at least 100 cases", () => expect(cases.length).toBeGreaterThanOrEqual(100));
});

corpusSuite("hostile and broken input", cases);

describe("CLI papercuts", () => {
  const base = scratchFolder();
  const cli = (args: string[]) =>
    spawnSync(process.execPath, [cliPath, ...args], { encoding: "utf8", timeout: HANG, cwd: base, env: { ...process.env, NO_COLOR: "1" } });

  it(
    "check --watch on a root that does not exist exits 2 at once",
    () => {
      const r = cli(["check", "--watch", "--root", join(base, "does-not-exist")]);
      expect(r.signal).toBeNull();
      expect(r.status).toBe(2);
      expect(r.stderr).toContain("root is not a directory");
    },
    HANG,
  );

  // Argument errors need no new process: the CLI's argument handling in process (compiler/cli/argv.ts).
  const argv = (args: string[]) => runCliInProcess(args, { cwd: base });

  it(
    "--max-warnings -1 says what the option takes",
    async () => {
      const r = await argv(["check", "--max-warnings", "-1"]);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('--max-warnings takes a whole number ≥ 0 (got "-1")');
    },
    HANG,
  );

  it(
    "explain with a typo suggests the rule",
    async () => {
      const r = await argv(["explain", "input/too-larg"]);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('did you mean "input/too-large"?');
    },
    HANG,
  );
});
