/** cli/package-name: install lines that name the project's package by a stale or misspelt name. */
import { describe, expect, it } from "vitest";
import rule from "../../compiler/rules/cli/package-name.js";
import { installsIn } from "../../compiler/model/install-lines.js";
import { tester } from "../helpers/rule-tester.js";

const pkg = (name: string, extra: Record<string, string> = {}) => ({ "package.json": JSON.stringify({ name, bin: { aw: "cli.js" } }), ...extra });

describe("install lines", () => {
  it("finds the packages npm, pnpm, yarn, bun and npx install or run, without versions, flags or arguments", () => {
    expect(installsIn("npm install -g @s/a@latest b")).toEqual([
      { name: "@s/a", start: 15, verb: "install" },
      { name: "b", start: 27, verb: "install" },
    ]);
    expect(installsIn("$ npx create-x my-app --yes").map((i) => i.name)).toEqual(["create-x"]);
    expect(installsIn("yarn global add tool && pnpm dlx other").map((i) => i.name)).toEqual(["tool", "other"]);
    expect(installsIn("npm install ./local.tgz").map((i) => i.name)).toEqual([]);
    expect(installsIn("npm run build").map((i) => i.name)).toEqual([]);
  });
});

tester.run(rule, {
  valid: [
    {
      name: "the project's own name, and a workspace package's",
      files: pkg("@s/agent-workflow-cli", {
        "packages/core/package.json": JSON.stringify({ name: "@s/core" }),
        "README.md": "```sh\nnpm i -g @s/agent-workflow-cli@latest\nnpm install @s/core\n```\n",
      }),
    },
    {
      name: "other packages are counted, never reported: another scope, a longer sibling of the same scope, an unscoped far name",
      files: pkg("@s/cli", { "README.md": "Run `npx prettier --check .`, `npm i @s/cli-plugin-x` and `npm i -D @other/cli`.\n" }),
      notJudged: [
        { line: 1, reason: "`prettier` is another package (not this project's own name, nor almost it)" },
        { line: 1, reason: "`@s/cli-plugin-x` is another package (not this project's own name, nor almost it)" },
        { line: 1, reason: "`@other/cli` is another package (not this project's own name, nor almost it)" },
      ],
    },
    { name: "no root package name: nothing judged", files: { "package.json": "{}", "README.md": "`npm install -g @s/agent-workflow`\n" } },
  ],
  invalid: [
    {
      name: "the old name cut at a dash, and a one-character slip, scoped and unscoped",
      files: pkg("@s/agent-workflow-cli", { "README.md": "```sh\nnpm install -g @s/agent-workflow\n```\n\nOr `npx @s/agent-workflow-clj`.\n" }),
      errors: [
        {
          messageId: "packageName",
          data: { name: "@s/agent-workflow", own: "@s/agent-workflow-cli" },
          line: 2,
          column: 16,
          suggestions: ["@s/agent-workflow-cli"],
        },
        { messageId: "packageName", data: { name: "@s/agent-workflow-clj", own: "@s/agent-workflow-cli" }, line: 5 },
      ],
    },
    {
      name: "unscoped: one character from the root name",
      files: pkg("docpacts", { "README.md": "`npm i -g docpact`\n" }),
      errors: [{ messageId: "packageName", data: { name: "docpact", own: "docpacts" }, line: 1 }],
    },
  ],
});
