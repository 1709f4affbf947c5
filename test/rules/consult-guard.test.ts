/** What incremental rules declare is checked: a rule that reads an undeclared model part fails in tests instead of going stale in watch. */
import { describe, expect, it } from "vitest";
import { runRules } from "../../compiler/pipeline.js";
import { guardedView, strictConsults } from "../../compiler/rules/consult-guard.js";
import { ruleMemo } from "../../compiler/rules/incremental.js";
import { defineRule, type Rule } from "../../compiler/rules/types.js";
import type { ContractModel } from "../../compiler/model/contract-model.js";
import { readMarkdown } from "../../compiler/readers/markdown.js";
import { emptySurface } from "../../compiler/model/cli.js";
import { makeModel } from "../helpers/model.js";

/** Reports, on every heading, how many commands the surface has: it reads `model.surface`. */
function commandCounter(consults: readonly ("surface" | "references")[]): Rule {
  return defineRule({
    meta: { id: "test/commands", perDocument: { consults }, defaultSeverity: "error", description: "d", explanation: "e", messages: { n: "commands: {{n}}" } },
    check(ctx) {
      for (const doc of ctx.model.docs)
        for (const h of doc.headings) ctx.report({ span: h.span, messageId: "n", data: { n: ctx.model.surface.commands.length } });
    },
  });
}

function modelWith(commands: number): ContractModel {
  const surface = emptySurface();
  for (let i = 0; i < commands; i++) surface.commands.push({ ...(surface.commands[0] ?? {}), path: [`c${i}`] } as never);
  const text = "# Title\n";
  return makeModel({
    docs: [readMarkdown("a.md", text, { binaries: ["aw"], markers: ["not this document's call"] })],
    texts: new Map([["a.md", text]]),
    surface,
  });
}

function store() {
  const m = new Map<string, unknown>();
  return ruleMemo({ peek: (k) => m.get(k), put: (k, v) => void m.set(k, v) });
}

function withStrict<T>(on: boolean, f: () => T): T {
  const before = process.env.DOCPACT_STRICT_CONSULTS;
  process.env.DOCPACT_STRICT_CONSULTS = on ? "1" : "0";
  try {
    return f();
  } finally {
    if (before === undefined) delete process.env.DOCPACT_STRICT_CONSULTS;
    else process.env.DOCPACT_STRICT_CONSULTS = before;
  }
}

const messages = (model: ContractModel, rule: Rule, memo: ReturnType<typeof store>) =>
  runRules(model, undefined as never, [rule], [], [], memo).map((d) => d.message);

describe("consult guard", () => {
  it("is on for the whole test suite (vitest.config.ts), so every catalogue rule runs under it", () => {
    expect(strictConsults()).toBe(true);
  });

  it("the trap: without the guard, a rule that reads an undeclared part keeps its stale result", () => {
    withStrict(false, () => {
      const rule = commandCounter([]);
      const memo = store();
      expect(messages(modelWith(6), rule, memo)).toEqual(["commands: 6"]);
      // The surface changed, the document did not: the remembered result is served (a cold run says 7).
      expect(messages(modelWith(7), rule, memo)).toEqual(["commands: 6"]);
      expect(messages(modelWith(7), rule, store())).toEqual(["commands: 7"]);
    });
  });

  it("with the guard, the undeclared read fails and names the part to declare", () => {
    withStrict(true, () => {
      expect(() => messages(modelWith(6), commandCounter([]), store())).toThrow(
        /rule test\/commands reads model\.surface but declares consults \[\]: add one of "surface"/,
      );
      expect(() => messages(modelWith(6), commandCounter(["references"]), store())).toThrow(/model\.surface/);
    });
  });

  it("a rule that declares what it reads runs, and its result follows the part", () => {
    withStrict(true, () => {
      const rule = commandCounter(["surface"]);
      const memo = store();
      expect(messages(modelWith(6), rule, memo)).toEqual(["commands: 6"]);
      expect(messages(modelWith(7), rule, memo)).toEqual(["commands: 7"]);
    });
  });

  it("checks reads of the indexes too, and leaves rules without declarations alone", () => {
    withStrict(true, () => {
      const model = modelWith(0);
      const declared = defineRule({
        meta: { id: "test/refs", perDocument: { consults: ["surface"] }, defaultSeverity: "error", description: "d", explanation: "e", messages: { n: "x" } },
        check() {},
      });
      expect(() => guardedView(declared, model).index.references).toThrow(/model\.index\.references/);
      expect(() => guardedView(declared, model).readProblems).toThrow(/may not read it/);
      const plain = defineRule({ meta: { id: "test/plain", defaultSeverity: "error", description: "d", explanation: "e", messages: { n: "x" } }, check() {} });
      expect(guardedView(plain, model)).toBe(model);
    });
  });
});
