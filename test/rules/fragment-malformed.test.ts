import { describe, expect, it } from "vitest";
import rule from "../../compiler/rules/fragment/malformed.js";
import { lint } from "./fragment-helpers.js";

const run = (text: string) => lint(rule, { docs: { "docs/a.md": text } }).map((d) => `${d.at} ${d.message}`);

describe("fragment/malformed", () => {
  describe("valid", () => {
    it("a well-formed region", () => expect(run("<!-- docpact:begin rules -->\n<!-- docpact:end -->\n")).toEqual([]));
    it("markers shown in code are not markers", () => expect(run("```md\n<!-- docpact:begin nope -->\n```\n\n`<!-- docpact:end -->`\n")).toEqual([]));
  });

  describe("invalid", () => {
    it("unbalanced markers", () => {
      expect(run("<!-- docpact:begin rules -->\ntext\n")).toEqual(["docs/a.md:1:1 docpact:begin rules without a matching docpact:end"]);
      expect(run("text\n\n<!-- docpact:end -->\n")).toEqual(["docs/a.md:3:1 docpact:end without a matching docpact:begin"]);
    });

    it("nested markers", () => {
      expect(run("<!-- docpact:begin rules -->\n<!-- docpact:begin commands -->\n<!-- docpact:end -->\n<!-- docpact:end -->\n")).toEqual([
        "docs/a.md:2:1 nested docpact:begin: the region opened at line 1 is not closed yet",
      ]);
    });

    it("unknown template, bad arguments, unresolvable source", () => {
      expect(run("<!-- docpact:begin nope -->\n<!-- docpact:end -->\n")).toEqual([
        "docs/a.md:1:1 unknown template 'nope' (known: commands, delegations, rules, schema-table, vocabulary)",
      ]);
      expect(run("<!-- docpact:begin rules colour=red -->\n<!-- docpact:end -->\n")).toEqual([
        "docs/a.md:1:1 template rules has no argument 'colour' (its arguments: prefix)",
      ]);
      expect(run('<!-- docpact:begin vocabulary source="../x.schema.json#/a" -->\n<!-- docpact:end -->\n')).toEqual([
        "docs/a.md:1:1 source '../x.schema.json#/a': x.schema.json is not one of the project's schemas (config `schemas`)",
      ]);
      expect(run('<!-- docpact:begin rules prefix="a -->\n<!-- docpact:end -->\n')).toEqual([
        "docs/a.md:1:1 docpact:begin: unterminated quoted value for 'prefix'",
      ]);
    });
  });
});
