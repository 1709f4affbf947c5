import { describe, expect, it } from "vitest";
import { cliErrors } from "./helpers.js";

describe("argv-words reader: hand-rolled dispatch on process.argv[2]", () => {
  it("commands compared with the argv word are read; a word handed on as a value makes other words arguments (valid and drift docs stay quiet)", async () => {
    // `hooks inti` is close to `init` but `hooks` takes any folder: not judged, never a guess.
    expect(await cliErrors("cli-argv-words")).toEqual([]);
  });

  it("with a guard that turns other words away the list is closed and a misspelt command is reported", async () => {
    const errors = await cliErrors("cli-argv-words", [
      {
        file: "bin.js",
        find: "p.stdout.write(install(a == 'install' ? undefined : a))",
        replace: "if (a !== 'install') { console.error('unknown command'); process.exit(1) }\np.stdout.write(install())",
      },
    ]);
    expect(errors).toEqual(["docs/invalid.md:3 cli/unknown-command unknown command `hooks inti`"]);
  });

  it("a renamed command is caught where the docs use the old name once the list is closed", async () => {
    const errors = await cliErrors("cli-argv-words", [
      {
        file: "bin.js",
        find: "p.stdout.write(install(a == 'install' ? undefined : a))",
        replace: "if (a !== 'install') { console.error('unknown command'); process.exit(1) }\np.stdout.write(install())",
      },
      { file: "bin.js", find: "if (a == 'init')", replace: "if (a == 'setup')" },
    ]);
    expect(errors.some((e) => e.startsWith("docs/valid.md:3 cli/unknown-command unknown command `hooks init`"))).toBe(true);
  });
});
