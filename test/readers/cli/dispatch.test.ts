import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

const INTEGRATE = "docs/invalid.md:13 cli/unknown-command unknown command `aw worktree integrate`";

describe("dispatch reader: which list checks close a command's sub-verbs", () => {
  it("a guard that turns every other word away closes the list", async () => {
    expect(await cliErrors("cli-registry")).toContain(INTEGRATE);
  });

  it("a check that only singles some words out (`if (OLD.has(v)) warn()`) leaves the list open", async () => {
    const errors = await cliErrors("cli-registry", [
      {
        file: "src/commands/worktree.ts",
        find: "if (action === undefined || !ACTIONS.has(action)) return 2;",
        replace: 'if (action !== undefined && ACTIONS.has(action)) console.warn("known");',
      },
    ]);
    expect(errors).not.toContain(INTEGRATE);
  });

  it('a negated guard that leaves (`if (v !== "a" && v !== "b") throw`) closes it', async () => {
    const errors = await cliErrors("cli-registry", [
      {
        file: "src/commands/worktree.ts",
        find: "if (action === undefined || !ACTIONS.has(action)) return 2;",
        replace: 'if (action !== "ensure" && action !== "list" && action !== "release") throw new Error("usage");',
      },
    ]);
    expect(errors).toContain(INTEGRATE);
  });
});
