import rule from "../../compiler/rules/cli/unread.js";
import { tester } from "../helpers/rule-tester.js";
import { cliProject, toolAndCommanderScaffolder, toolAndScaffolder } from "./cli-project.js";

const HAND_PARSED = 'const args = process.argv.slice(2);\nfor (const a of args) if (a === "--verbose") console.log("v");\n';

tester.run(rule, {
  valid: [
    { name: "a CLI a reader understood", files: cliProject(["aw flow advance --json", "aw nope --x"]) },
    {
      name: "two binaries whose entries both reach the file the commands were read from (one program's shims)",
      files: {
        ...toolAndScaffolder("Run `tool flow advance --json` or `t flow status`.\n"),
        "package.json": { name: "tool", bin: { tool: "bin/tool.js", t: "bin/t.js" } },
        "bin/t.js": 'import "../src/cli.js";\n',
      },
    },
    {
      name: "a scaffolder beside the tool with a CLI of its own: each binary is read, from the files its entry reaches",
      files: toolAndCommanderScaffolder("Start with `create-tool --tag next app`.\n\nThen `tool flow advance --json`.\n"),
    },
    {
      name: "the root's options come from the tool's own file, merged with a fixture package's commands: the tool is read (its code holds an option read)",
      files: {
        "package.json": { name: "tool", bin: { tool: "bin/tool.js", "create-tool": "bin/create.js" } },
        "bin/tool.js": 'import "../src/cli.js";\n',
        "bin/create.js": HAND_PARSED,
        "src/cli.ts": 'import { parseArgs } from "node:util";\nparseArgs({ args: process.argv.slice(2), options: { json: { type: "boolean" } } });\n',
        // An oclif fixture: its root (declared by its package.json) merges with the tool's parseArgs root and comes first.
        "fixtures/app/package.json": { name: "app", oclif: { commands: "./src/commands" } },
        "fixtures/app/src/commands/hello.ts": 'import { Command } from "@oclif/core";\nexport default class Hello extends Command {\n  async run() {}\n}\n',
        "docpact.config.json": { code: { include: ["src/**/*.ts", "fixtures/**/*.ts"] } },
        "README.md": "Run `tool --json`.\n",
      },
    },
    {
      name: 'packages each with a commander program of its own, one declaring nothing but a version (vuepress\'s `createCommand("vp-update")`): each binary is read',
      files: {
        "package.json": { name: "root", private: true },
        "pnpm-workspace.yaml": "packages:\n  - tools/*\n",
        "tools/a/package.json": { name: "a", bin: { a: "./dist/index.js" }, dependencies: { commander: "1" } },
        "tools/a/src/index.ts":
          'import { createCommand } from "commander";\nconst program = createCommand("a");\nprogram.option("--deep").action(() => {});\nprogram.version("1");\nawait program.parseAsync();\n',
        "tools/b/package.json": { name: "b", bin: { b: "./dist/index.js" }, dependencies: { commander: "1" } },
        "tools/b/src/index.ts":
          'import { createCommand } from "commander";\nimport { VERSION } from "./version.js";\nconst program = createCommand("b");\nprogram.argument("[dir]").action(() => {});\nprogram.version(VERSION);\nawait program.parseAsync();\n',
        "docpact.config.json": { docs: ["*.md"], code: { include: ["tools/**/*.ts"] }, cli: { binaries: ["a", "b"] } },
        "README.md": "Run `a --deep` or `b docs`.\n",
      },
    },
    {
      name: "a hand-rolled bin in a package beside packages that import a parser (tap's tap-parser): read from its own files alone",
      files: {
        "package.json": { name: "root", private: true },
        "pnpm-workspace.yaml": "packages:\n  - tools/*\n",
        "tools/a/package.json": { name: "a", bin: { a: "./src/index.ts" }, dependencies: { commander: "1" } },
        "tools/a/src/index.ts": 'import { Command } from "commander";\nnew Command("a").option("--deep").parse(process.argv);\n',
        "tools/p/package.json": { name: "p", bin: { p: "./bin/cmd.cjs" } },
        "tools/p/bin/cmd.cjs":
          'const args = process.argv.slice(2);\nfor (let i = 0; i < args.length; i++) {\n  const arg = args[i];\n  switch (arg) {\n    case "--json":\n      break;\n    case "--tap":\n      break;\n    case "--flat":\n      break;\n    default:\n      throw new Error("unknown " + arg);\n  }\n}\n',
        "docpact.config.json": { docs: ["*.md"], code: { include: ["tools/**/*.ts", "tools/**/*.cjs"] }, cli: { binaries: ["a", "p"] } },
        "README.md": "Run `a --deep` or `p --tap`.\n",
      },
    },
    {
      name: "no document invokes the binary",
      files: { "package.json": { name: "tool", bin: { tool: "bin.js" } }, "bin.js": HAND_PARSED, "README.md": "# tool\n\nNothing to run here.\n" },
    },
  ],
  invalid: [
    {
      name: "a scaffolder beside the tool: its entry reaches none of the files the commands were read from, so its mentions are not judged against the tool's",
      files: toolAndScaffolder("Start with `create-tool --dir app`.\n\nThen `tool flow advance --json`.\n"),
      errors: [
        {
          messageId: "unread",
          data: {
            binary: "create-tool",
            entry: "entry `bin/create.js`",
            stopped: "its entry's imports reach 1 file(s), none of which declares a command read (src/cli.ts does, for `tool`)",
            count: 2,
          },
          file: "README.md",
          line: 1,
          column: 13,
          severity: "warning",
        },
      ],
      notJudged: [
        { file: "README.md", line: 1, column: 13, reason: "no CLI reader understood `create-tool`" },
        { file: "README.md", line: 1, column: 25, reason: "no CLI reader understood `create-tool`" },
      ],
    },
    {
      name: "commands read only from a package that declares no binary (a template's program): no binary's CLI was read",
      files: {
        "package.json": { name: "tool", bin: { tool: "bin/tool.js", "create-tool": "bin/create.js" } },
        "bin/tool.js": HAND_PARSED,
        "bin/create.js": HAND_PARSED,
        "docpact.config.json": { code: { include: ["packages/**/*.ts"] } },
        "packages/template/package.json": { name: "template" },
        "packages/template/src/index.ts": 'import { Command } from "commander";\nnew Command("template").option("--verbose").parse(process.argv);\n',
        "README.md": "Run `tool --verbose`.\n",
      },
      errors: [
        {
          messageId: "unread",
          data: {
            binary: "tool",
            entry: "entry `bin/tool.js`",
            stopped:
              "its entry's imports reach 1 file(s), none of which declares a command read (the commands read come from packages/template/src/index.ts, whose package declares none of the binaries)",
            count: 2,
          },
          file: "README.md",
          line: 1,
          column: 6,
          severity: "warning",
        },
      ],
      notJudged: [
        { file: "README.md", line: 1, column: 6, reason: "no CLI reader understood `tool`" },
        { file: "README.md", line: 1, column: 11, reason: "no CLI reader understood `tool`" },
      ],
    },
    {
      name: "a hand-parsed plain-JS bin outside the code in scope: one warning at the first mention, every mention counted",
      files: {
        "package.json": { name: "tool", bin: { tool: "./bin.js" } },
        "bin.js": HAND_PARSED,
        "README.md": "# tool\n\n- `--verbose`: talk.\n\nRun `tool --verbose`.\n\n```sh\ntool --no-such-flag\n```\n",
        "docs/more.md": "Also `tool run -x`.\n",
        // Code switched off: without a config the bin would be followed from its entry.
        "docpact.config.json": { code: { include: [] } },
      },
      errors: [
        {
          messageId: "unread",
          data: { binary: "tool", entry: "entry `bin.js`", stopped: "no code is in scope (config `code`, or a root tsconfig.json)", count: 7 },
          file: "README.md",
          line: 5,
          column: 6,
          severity: "warning",
        },
      ],
      notJudged: [
        { file: "README.md", line: 3, column: 4, reason: "no CLI reader understood `tool`" },
        { file: "README.md", line: 5, column: 6, reason: "no CLI reader understood `tool`" },
        { file: "README.md", line: 5, column: 11, reason: "no CLI reader understood `tool`" },
        { file: "README.md", line: 8, column: 1, reason: "no CLI reader understood `tool`" },
        { file: "README.md", line: 8, column: 6, reason: "no CLI reader understood `tool`" },
        { file: "docs/more.md", line: 1, column: 7, reason: "no CLI reader understood `tool`" },
        { file: "docs/more.md", line: 1, column: 16, reason: "no CLI reader understood `tool`" },
      ],
    },
    {
      name: "the bin file is in scope but parsed by hand: the entry is named and no reader recognized it",
      files: {
        "package.json": { name: "tool", bin: { tool: "bin.js" } },
        "docpact.config.json": { code: { include: ["bin.js"] } },
        "bin.js": HAND_PARSED,
        "README.md": "Run `tool --no-such-flag`.\n",
      },
      errors: [
        {
          messageId: "unread",
          data: {
            binary: "tool",
            entry: "entry `bin.js`",
            stopped: "no reader recognized how it parses its arguments (no known framework call, configured command type or flag accessor)",
            count: 2,
          },
        },
      ],
    },
    {
      name: "a configured binary with no package.json entry",
      files: { "docpact.config.json": { cli: { binaries: ["x"] } }, "README.md": "Run `x go`.\n" },
      errors: [
        {
          messageId: "unread",
          data: {
            binary: "x",
            entry: "no entry file (no package.json `bin` names it)",
            stopped: "no code is in scope (config `code`, or a root tsconfig.json)",
            count: 1,
          },
        },
      ],
    },
  ],
});
