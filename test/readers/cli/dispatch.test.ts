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

  const chain = (after: string) => ({
    file: "src/commands/worktree.ts",
    find: "if (action === undefined || !ACTIONS.has(action)) return 2;",
    replace: `if (!action) return 2;\n    if (action === "ensure") return 0;\n    if (action === "list" || action === "release") return 0;\n    ${after}`,
  });

  it("a chain of `if`s that each leave, followed by code rejecting every other word, closes it", async () => {
    expect(await cliErrors("cli-registry", [chain("return 2;")])).toContain(INTEGRATE);
    // The word only as text of the message: still a rejection.
    expect(await cliErrors("cli-registry", [chain("throw new Error(`unknown action ${action}`);")])).toContain(INTEGRATE);
    const elseChain = {
      file: "src/commands/worktree.ts",
      find: "if (action === undefined || !ACTIONS.has(action)) return 2;",
      replace: 'if (action === "ensure") { console.log(1); } else if (action === "list" || action === "release") { console.log(2); } else { return 2; }',
    };
    expect(await cliErrors("cli-registry", [elseChain])).toContain(INTEGRATE);
  });

  it("a chain followed by code that takes the word or hands the arguments on leaves it open (the word may be an id, a file)", async () => {
    expect(await cliErrors("cli-registry", [chain("return action.length;")])).not.toContain(INTEGRATE);
    expect(await cliErrors("cli-registry", [chain("return args.rest.length;")])).not.toContain(INTEGRATE);
    // A branch that does not leave lets its word fall through to the rest.
    const falls = {
      ...chain("return 2;"),
      replace: chain("return 2;").replace.replace('if (action === "ensure") return 0;', 'if (action === "ensure") console.log(0);'),
    };
    expect(await cliErrors("cli-registry", [falls])).not.toContain(INTEGRATE);
  });
});
