/**
 * Hostile input, round 2, second half: bounds on every resource. The
 * evaluator's work charged by what built-ins produce and cut by a deadline,
 * regular expressions that would backtrack for ever, parser inputs that would
 * recurse past the stack (with the limits raised by the user too), silent
 * passes that now say what they did not read, and regions that cannot be
 * written safely. Every case runs check → build → check through the corpus
 * harness; a cut is "not judged" with its reason, never an error or a hang.
 * Large inputs are generated here, never committed.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { Report } from "../../compiler/api.js";
import { type Case, config, corpusSuite, type Run } from "./harness.js";

/** A commander CLI whose one command name comes from `expr` (evaluated, never run); the guide invokes `tool close`. */
const cliWith = (expr: string, limits: object = {}): Case["files"] => ({
  "package.json": JSON.stringify({ name: "tool", bin: { tool: "dist/cli.js" } }),
  "docpact.config.json": config({ code: { include: ["src/**/*.ts"] }, limits }),
  "src/cli.ts": `import { Command } from "commander";\nconst program = new Command("tool");\nprogram.command(${expr});\nprogram.parse();\n`,
  "docs/guide.md": "# Guide\n\nRun `tool close` to end it.\n",
});

/** Not-judged reasons of a run, all rules together. */
const reasons = (r: Run | undefined): string[] =>
  Object.values((r?.report as Report | undefined)?.summary.notJudged?.byRule ?? {}).flatMap((x) => Object.keys(x.reasons));
const saysNotJudged = (fragment: RegExp) => (_root: string, _sib: string, runs: Run[]) => expect(reasons(runs[0]).join("\n")).toMatch(fragment);
const messages = (r: Run | undefined): string => (r?.report?.diagnostics ?? []).map((d) => `${d.rule} ${d.message}`).join("\n");

const nested = (open: string, close: string, n: number) => open.repeat(n) + close.repeat(n);
const INSTANCES = (schema: object, limits: object = {}) => ({
  "docpact.config.json": config({ instances: [{ files: ["data/*.json"], schema: "contracts/event.schema.json" }], limits }),
  "contracts/event.schema.json": JSON.stringify(schema),
});
const REGION = '<!-- docpact:begin vocabulary source="../contracts/event.schema.json#/properties/kind" -->\n<!-- docpact:end -->';
const USER_TEMPLATE = (body: string) => ({
  "docpact.config.json": config({ templates: "tpl" }),
  "tpl/open.hbs": body,
  "docs/open.md": '# Open\n\n<!-- docpact:begin open source="../contracts/event.schema.json#/properties/kind" -->\n<!-- docpact:end -->\n',
});

const cases: Case[] = [
  // ── evaluator bounds: what built-ins produce is charged; a deadline per evaluation ──
  {
    name: "eight 512 MB strings built by 'x'.repeat in CLI code: cut, not an abort",
    files: cliWith("Array.from({ length: 8 }, () => 'x'.repeat(2 ** 29 - 24)).join('').length > 1 ? 'close' : 'open'"),
    exit: 0,
  },
  {
    name: "Array.from({ length: 2e8 }) in CLI code: cut, not out of memory",
    files: cliWith("Array.from({ length: 2e8 }, (_, i) => i).length > 1 ? 'close' : 'open'"),
    exit: 0,
  },
  {
    name: "new Array(2 ** 31) and fill in CLI code: cut",
    files: cliWith("new Array(2 ** 30).fill('x').join('') ? 'close' : 'open'"),
    exit: 0,
  },
  {
    name: "a string doubled 40 times in a loop: cut by size",
    files: cliWith("(() => { let s = 'xy'; for (let i = 0; i < 40; i++) s = s + s; return s.length > 1 ? 'close' : 'open'; })()"),
    exit: 0,
  },

  // ── regular expressions that backtrack ──
  {
    name: "/^(a+)+$/.test('aaa…a!') in CLI code is not run: not judged",
    files: cliWith("/^(a+)+$/.test('a'.repeat(40) + '!') ? 'open' : 'close'"),
    exit: 0,
  },
  {
    name: "an overlapping alternation under a quantifier in CLI code is not run",
    files: cliWith("new RegExp('^(a|aa)*$').test('a'.repeat(60) + '!') ? 'open' : 'close'"),
    exit: 0,
  },
  {
    name: "a linear regex in CLI code is still evaluated",
    files: cliWith("/^clo/.test('close') ? 'close' : 'open'"),
    exit: 0,
  },
  {
    name: "a schema pattern that backtracks: the instance is not judged, no hang",
    files: {
      ...INSTANCES({ type: "object", properties: { kind: { type: "string", pattern: "^(a+)+$" } } }),
      "data/x.json": JSON.stringify({ kind: `${"a".repeat(40)}!` }),
    },
    exit: 0,
    after: saysNotJudged(/backtrack/),
  },
  {
    name: "a schema patternProperties that backtracks: the instance is not judged, no hang",
    files: {
      ...INSTANCES({ type: "object", patternProperties: { "^(a|aa)+$": { type: "number" } } }),
      "data/x.json": JSON.stringify({ [`${"a".repeat(50)}!`]: 1 }),
    },
    exit: 0,
    after: saysNotJudged(/backtrack/),
  },
  {
    name: "a linear schema pattern still judges the instance",
    files: { ...INSTANCES({ type: "object", properties: { kind: { type: "string", pattern: "^[a-z]+$" } } }), "data/x.json": JSON.stringify({ kind: "A!" }) },
    exit: 1,
    rules: ["schema/invalid-instance"],
  },

  // ── parser inputs that would recurse deeply or run superlinear ──
  { name: "500 KB of unclosed link openers [![a]( in one doc", files: { "docs/links.md": "[![a](".repeat(83_000) }, exit: [0, 0, 0], cli: true },
  {
    // 10 MB stands for the issue's 50 MB (same path, past the 8 MiB ceiling; the harness hashes every file six times).
    name: "a 10 MB line with limits.maxFileBytes raised ends in bounded time",
    files: { "docpact.config.json": config({ limits: { maxFileBytes: 64_000_000 } }), "docs/line.md": `# Line\n\n${"word ".repeat(2_100_000)}\n` },
    exit: 0,
    rules: ["input/too-large"],
    cli: true,
  },
  {
    name: "10,000 nested blockquotes with limits.maxNesting raised",
    files: { "docpact.config.json": config({ limits: { maxNesting: 100_000 } }), "docs/deep.md": `${">".repeat(10_000)} x\n` },
    exit: 0,
    rules: ["input/too-large"],
  },
  {
    name: "a YAML alias bomb in mkdocs.yml",
    files: {
      "mkdocs.yml":
        [
          "site_name: x",
          "a: &a [x, x, x, x, x, x, x, x, x]",
          ...Array.from(
            { length: 12 },
            (_, i) =>
              `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9)
                .fill(`*${String.fromCharCode(97 + i)}`)
                .join(", ")}]`,
          ),
        ].join("\n") + "\n",
    },
    exit: [0, 0, 0],
  },
  {
    name: "a .vitepress/config.ts nested 20,000 deep",
    files: { ".vitepress/config.ts": `export default ${nested("{ a: ", " }", 20_000)};\n` },
    exit: [0, 0, 0],
  },
  {
    name: "TypeScript code with 50,000 nested array literals",
    files: { "docpact.config.json": config({ code: { include: ["src/**/*.ts"] } }), "src/deep.ts": `export const deep = ${nested("[", "]", 50_000)};\n` },
    exit: 0,
    rules: ["input/code-syntax"],
  },
  {
    name: "a schema nested 50,000 deep with limits.maxNesting raised",
    files: {
      "docpact.config.json": config({ limits: { maxNesting: 1_000_000, maxFileBytes: 2_000_000 } }),
      "contracts/event.schema.json": '{"properties":{"a":'.repeat(50_000) + "{}" + "}}".repeat(50_000),
    },
    exit: 1,
    rules: ["schema/invalid"],
  },
  {
    name: "an instance nested 50,000 deep with limits.maxNesting raised",
    files: { ...INSTANCES({ type: "object" }, { maxNesting: 1_000_000 }), "data/x.json": nested("[", "]", 50_000) },
    exit: 1,
    rules: ["schema/invalid-instance"],
  },

  // ── silent passes ──
  {
    name: "a UTF-16 document without a BOM is said, not checked as nothing",
    files: { "docs/utf16.md": Buffer.from("# Title\n\nRun `aw nothing` here.\n", "utf16le") },
    exit: 1,
    rules: ["input/unreadable"],
  },
  {
    name: "a stray NUL in a document (valid UTF-8) is text: read and checked",
    files: { "docs/nul.md": "# Title\n\nKeys are joined with a NUL: `a\u0000b`.\n" },
    exit: 0,
  },
  {
    name: "a ...gen() spread in the decision registry is counted, not a vanished registry",
    files: {
      "docpact.config.json": config({ code: { include: ["src/**/*.ts"] }, decisions: { module: "src/decisions.ts", export: "DECISIONS" } }),
      "src/decisions.ts":
        'function* gen() { yield { id: "b", document: "docs/guide.md", attribution: "nowhere" }; }\nexport const DECISIONS = [\n  { id: "a", document: "docs/guide.md", attribution: "See [the schema]" },\n  ...gen(),\n];\n',
    },
    exit: 0,
    rules: ["decision/unreadable-row"],
    after: (_r, _s, runs) => expect(messages(runs[0])).toMatch(/generator/),
  },
  {
    name: "a FIFO matched by an instances glob is said",
    files: { ...INSTANCES({ type: "object" }), "data/y.json": "{}" },
    setup: (root) => spawnSync("mkfifo", [join(root, "data/x.json")]),
    exit: 0,
    rules: ["input/special-file"],
  },
  {
    name: "a device matched by an instances glob is said, never read",
    files: { ...INSTANCES({ type: "object" }), "data/y.json": "{}" },
    setup: (root) => symlinkSync("/dev/zero", join(root, "data/x.json")),
    exit: 1,
    rules: ["input/outside-root"],
  },
  {
    name: "build never grows a document past limits.maxFileBytes with its regions",
    files: {
      "docpact.config.json": config({ limits: { maxFileBytes: 400 } }),
      "contracts/event.schema.json": JSON.stringify({ type: "object", properties: { kind: { enum: Array.from({ length: 40 }, (_, i) => `member-${i}`) } } }),
      "docs/kinds.md": `# Kinds\n\n${REGION}\n`,
    },
    exit: [1, 1, 1],
    rules: ["fragment/malformed"],
    writes: [],
    after: (root, _s, runs) => {
      expect(readFileSync(join(root, "docs/kinds.md"), "utf8")).toBe(`# Kinds\n\n${REGION}\n`);
      expect(messages(runs[1])).toMatch(/maxFileBytes/);
    },
  },
  {
    name: "region markers in a blockquote keep the blockquote or are refused",
    files: { "docs/kinds.md": `# Kinds\n\n> ${REGION.replace("\n", "\n> ")}\n` },
    exit: [1, 1, 1],
    writes: ["docs/kinds.md"],
    after: (root) => {
      const text = readFileSync(join(root, "docs/kinds.md"), "utf8");
      for (const line of text.split("\n").slice(2, -1)) expect(line).toMatch(/^>/);
    },
  },
  {
    name: "region markers in a list item keep the item or are refused",
    files: { "docs/kinds.md": `# Kinds\n\n- ${REGION.replace("\n", "\n  ")}\n` },
    exit: [1, 1, 1],
    writes: ["docs/kinds.md"],
    after: (root) => {
      const text = readFileSync(join(root, "docs/kinds.md"), "utf8");
      for (const line of text.split("\n").slice(3, -1)) expect(line).toMatch(/^ {2}|^$/);
    },
  },
  {
    name: "region markers mid-paragraph are refused, not spliced into the paragraph",
    files: { "docs/kinds.md": `# Kinds\n\nThe kinds are ${REGION.replace("\n", " and ")} here.\n` },
    exit: [1, 1, 1],
    rules: ["fragment/malformed"],
    writes: [],
  },
  {
    name: "a template whose output opens a fence it never closes is fragment/malformed, never written",
    files: USER_TEMPLATE("```js\n{{#each members}}{{value}}\n{{/each}}"),
    exit: [1, 1, 1],
    rules: ["fragment/malformed"],
    writes: [],
  },
  {
    name: "a template whose output opens <!-- it never closes is fragment/malformed, never written",
    files: USER_TEMPLATE("<!-- {{#each members}}{{value}} {{/each}}"),
    exit: [1, 1, 1],
    rules: ["fragment/malformed"],
    writes: [],
  },

  // ── unclear messages, devices ──
  {
    name: "a document named back\\slash.md is read by its own name",
    files: { "docs/back\\slash.md": "# Back\n" },
    exit: 0,
    after: (_r, _s, runs) => expect(messages(runs[0])).not.toContain("docs/back/slash.md"),
  },
  {
    name: "/dev/urandom as the config file is refused",
    setup: (root) => {
      writeFileSync(join(root, "docpact.config.json"), "");
      spawnSync("ln", ["-sf", "/dev/urandom", join(root, "docpact.config.json")]);
    },
    exit: 2,
    error: "docpact.config.json",
  },
  {
    name: "/dev/urandom as tsconfig.json is refused",
    files: { "docpact.config.json": JSON.stringify({ docs: ["docs/**/*.md"] }) },
    setup: (root) => symlinkSync("/dev/urandom", join(root, "tsconfig.json")),
    exit: 2,
    error: "tsconfig",
  },
  {
    name: "/dev/urandom as the baseline file is refused",
    setup: (root) => symlinkSync("/dev/urandom", join(root, "docpact-baseline.json")),
    exit: 2,
    error: "docpact-baseline.json",
  },
];

corpusSuite("hostile input, round 2: bounds", cases);
