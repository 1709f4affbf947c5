import { describe, expect, it } from "vitest";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import rule from "../../compiler/rules/delegation/no-owner.js";
import { makeModel } from "../helpers/model.js";
import { runRule } from "../helpers/run-rule.js";

const opts = { binaries: ["aw"], markers: ["not this document's call"] };
const check = (md: string) => runRule(rule, makeModel({ docs: [readMarkdown("doc.md", md, opts)] }));

describe("delegation/no-owner", () => {
  it("valid: a note naming its owner, one naming two, and prose that is no note", () => {
    expect(check("> **Which facts count is not this document's call:** decided by the CLI (`aw flow advance`).\n")).toEqual([]);
    expect(check("> **Which line is not this document's call:** `aw session-create` opens, `aw resume` continues.\n")).toEqual([]);
    expect(check("This is not this document's call, says nobody in strong text.\n")).toEqual([]);
  });

  it("invalid: a note with no invocation, at the note", () => {
    const d = check("# T\n\n> **Whether it belongs is not this document's call:** it is judgment.\n");
    expect(d).toHaveLength(1);
    // At the note's opening strong text, not the whole paragraph.
    expect(d[0]).toMatchObject({ rule: "delegation/no-owner", severity: "error", file: "doc.md", line: 3, column: 3, endLine: 3 });
    expect(d[0].endColumn).toBe(3 + "**Whether it belongs is not this document's call:**".length);
    expect(d[0].message).toBe('delegation note "Whether it belongs" names no CLI invocation that owns it');
  });

  it("invalid: inline code that is not an invocation does not count as an owner", () => {
    const d = check("> **The order is not this document's call:** see `docs/plans/x.md` and `git commit`.\n");
    expect(d.map((x) => x.rule)).toEqual(["delegation/no-owner"]);
  });

  it("severity follows the config", () => {
    const model = makeModel({ docs: [readMarkdown("doc.md", "> **X is not this document's call:** judgment.\n", opts)] });
    model.config = { ...model.config, rules: { "delegation/no-owner": "warning" } };
    expect(runRule(rule, model)[0].severity).toBe("warning");
    model.config = { ...model.config, rules: { "delegation/no-owner": "off" } };
    expect(runRule(rule, model)).toEqual([]);
  });
});
