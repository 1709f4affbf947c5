/** `docpact <command> --help`: every option's flag stands apart from its help text, however long the flag. */
import { describe, expect, it } from "vitest";
import { COMMAND_SPECS, type CommandName, commandHelp } from "../../compiler/cli/help.js";

describe("command help", () => {
  for (const spec of COMMAND_SPECS) {
    it(`${spec.name}: each flag is followed by two spaces or a new line before its help`, () => {
      const text = commandHelp(spec.name as CommandName);
      for (const o of spec.options) {
        const left = `${o.short ? `-${o.short}, ` : ""}${o.flag}${o.value ? ` ${o.value}` : ""}`;
        expect(text.includes(`  ${left}  `) || text.includes(`  ${left}\n${" ".repeat(22)}${o.help}`), left).toBe(true);
      }
    });
  }
});
