import { describe, expect, it } from "vitest";
import { literalsIn, renamedLiteral } from "../../compiler/git/diff-lines.js";

describe("literals on a changed line", () => {
  it("code and JSON: quoted literals only", () => {
    expect(literalsIn('  "enum": ["call", "composite"], // note')).toEqual(["enum", "call", "composite"]);
    expect(literalsIn("enum: [ call, composite ]", "schema.json")).toEqual([]);
  });

  it("YAML: a flow sequence's items, a block item and a mapping's value, quoted or plain, comments left out", () => {
    expect(literalsIn("        enum: [ call, composite, 'urn:x:y', emit ] # the task types", "schema/workflow.yaml")).toEqual([
      "call",
      "composite",
      "urn:x:y",
      "emit",
    ]);
    expect(literalsIn("  - running", "a.yml")).toEqual(["running"]);
    expect(literalsIn("    const: http", "a.yaml")).toEqual(["http"]);
    expect(literalsIn("    description: The run is waiting for input.", "a.yaml")).toEqual([]);
    expect(literalsIn("# - commented", "a.yaml")).toEqual([]);
  });

  it("YAML: a member replaced on its line is a rename", () => {
    const f = "schema/workflow.yaml";
    expect(renamedLiteral("enum: [ call, composite, emit ]", "enum: [ call, do, emit ]", f)).toEqual({ from: "composite", to: "do" });
    expect(renamedLiteral("enum: [ call, composite, emit ]", "enum: [ call, do, emit ]")).toBeNull();
    expect(renamedLiteral("  - paused", "  - suspended", f)).toEqual({ from: "paused", to: "suspended" });
    expect(renamedLiteral("enum: [ a1, b1 ]", "enum: [ a2, b2 ]", f)).toBeNull();
  });
});
