import { rules } from "../../compiler/rules/index.js";
import { siteGenerators } from "../../compiler/model/routes/index.js";
import { loadTemplates } from "../../compiler/readers/templates.js";
import { packagePath } from "../../compiler/util/package-root.js";
import { describe, expect, it } from "vitest";
import { planRegions, type RegionPlanOptions } from "../../compiler/emit/regions.js";
import { regionSha } from "../../compiler/emit/region-content.js";
import { applyDocs, codeVocabulary, makeModel, type ModelInput } from "./regions-helpers.js";

const EVENT_SCHEMA = JSON.stringify(
  {
    $schema: "http://json-schema.org/draft-07/schema#",
    $defs: {
      eventType: { type: "string", enum: ["run.started", "run.finished", "run.failed"] },
      alias: { $ref: "#/$defs/eventType" },
      event: {
        type: "object",
        required: ["type", "at"],
        properties: {
          type: { $ref: "#/$defs/eventType", description: "What happened. Never empty." },
          at: { type: "string", format: "date-time", description: "When it happened, e.g. now. Second sentence." },
          tags: { type: "array", items: { type: "string" }, description: "Labels | with pipes." },
          level: { type: ["integer", "null"], enum: [1, 2, null] },
        },
      },
    },
  },
  null,
  2,
);

const opts: RegionPlanOptions = { force: false, templatesDir: null, templates: loadTemplates(packagePath("templates"), "/nonexistent", null) };

function plan(input: ModelInput, o: Partial<RegionPlanOptions> = {}) {
  const model = makeModel(input);
  const templates = o.templatesDir ? loadTemplates(packagePath("templates"), model.root, o.templatesDir) : opts.templates;
  return planRegions(model, { ...opts, templates, ...o });
}

/** Renders one region in `docs/events.md` and returns the new document text. */
function render(region: string, input: Omit<ModelInput, "docs"> = {}, o: Partial<RegionPlanOptions> = {}) {
  const doc = `# Events\n\n${region}\n<!-- docpact:end -->\n`;
  const p = plan({ schemas: { "schemas/event.schema.json": EVENT_SCHEMA }, ...input, docs: { "docs/events.md": doc } }, o);
  return { plan: p, text: p.documents[0]?.content ?? doc };
}

describe("built-in templates", () => {
  it("vocabulary from a schema enum", () => {
    const { text, plan: p } = render('<!-- docpact:begin vocabulary source="../schemas/event.schema.json#/$defs/eventType" -->');
    expect(p.facts).toEqual([]);
    const content = "- `run.started`\n- `run.finished`\n- `run.failed`\n";
    expect(text).toBe(
      `# Events\n\n<!-- docpact:begin vocabulary source="../schemas/event.schema.json#/$defs/eventType" -->\n${content}<!-- docpact:end sha=${regionSha(content)} -->\n`,
    );
  });

  it("vocabulary follows a local $ref at the pointer", () => {
    const { text, plan: p } = render('<!-- docpact:begin vocabulary source="../schemas/event.schema.json#/$defs/alias" -->');
    expect(p.facts).toEqual([]);
    expect(text).toContain("- `run.started`\n- `run.finished`\n- `run.failed`\n<!-- docpact:end sha=");
  });

  it("vocabulary from a code vocabulary marks deprecated members with their replacement", () => {
    const voc = codeVocabulary("src/events.ts", "RUN_EVENTS", ["start", ["begin", "start"], "stop"]);
    const { text, plan: p } = render("<!-- docpact:begin vocabulary source=code:../src/events.ts#RUN_EVENTS -->", { vocabularies: [voc] });
    expect(p.facts).toEqual([]);
    expect(text).toContain("- `start`\n- `begin` — deprecated, use `start`\n- `stop`\n");
  });

  it("vocabulary from a folded module constant", () => {
    const fold = (_root: string, file: string, name: string) =>
      file === "src/contract.ts" && name === "LEVELS"
        ? { ok: true as const, value: ["low", "high"], span: { file, line: 1, column: 1, endLine: 1, endColumn: 1 } }
        : { ok: false as const, message: `${file} has no export \`${name}\``, span: { file, line: 1, column: 1, endLine: 1, endColumn: 1 } };
    const { text, plan: p } = render("<!-- docpact:begin vocabulary source=module:../src/contract.ts#LEVELS -->", {}, { fold });
    expect(p.facts).toEqual([]);
    expect(text).toContain("- `low`\n- `high`\n");
    const bad = render("<!-- docpact:begin vocabulary source=module:../src/contract.ts#NOPE -->", {}, { fold });
    expect(bad.plan.facts.map((x) => x.kind === "region-malformed" && x.detail)).toEqual([
      "source 'module:../src/contract.ts#NOPE': src/contract.ts has no export `NOPE`",
    ]);
  });

  it("schema-table lists properties with type, required, first sentence and allowed values", () => {
    const { text, plan: p } = render('<!-- docpact:begin schema-table source="../schemas/event.schema.json#/$defs/event" -->');
    expect(p.facts).toEqual([]);
    const table = [
      "| Field | Type | Required | Description | Allowed values |",
      "| - | - | - | - | - |",
      "| `type` | eventType | yes | What happened. | `run.started`, `run.finished`, `run.failed` |",
      "| `at` | string | yes | When it happened, e.g. now. | |",
      "| `tags` | array of string | no | Labels \\| with pipes. | |",
      "| `level` | integer or null | no | | `1`, `2`, `null` |",
    ].join("\n");
    expect(text).toContain(`${table}\n<!-- docpact:end sha=`);
  });

  it("commands lists the command surface sorted, with verbs and flags", () => {
    const { text, plan: p } = render("<!-- docpact:begin commands -->", {
      commands: [
        { path: ["run"], verbs: null, flags: ["--json", "--dry-run"] },
        { path: ["flow", "advance"], verbs: null, flags: null },
        { path: ["flow"], verbs: ["advance", "status"], flags: null },
      ],
    });
    expect(p.facts).toEqual([]);
    expect(text).toContain(
      [
        "| Command | Sub-verbs | Flags |",
        "| - | - | - |",
        "| `aw flow` | `advance`, `status` | |",
        "| `aw flow advance` | | |",
        "| `aw run` | | `--dry-run`, `--json` |",
        "",
      ].join("\n"),
    );
    const only = render('<!-- docpact:begin commands prefix="flow" -->', {
      commands: [
        { path: ["run"], verbs: null, flags: null },
        { path: ["flow"], verbs: null, flags: null },
      ],
    });
    expect(only.text).toContain("| `aw flow` | | |\n<!-- docpact:end");
    expect(only.text).not.toContain("aw run");
  });

  it("delegations lists notes with links relative to the region's document, filtered by glob", () => {
    const docs = {
      "README.md": "# Project\n\n<!-- docpact:begin delegations -->\n<!-- docpact:end -->\n",
      "docs/index.md": '# Index\n\n<!-- docpact:begin delegations filter="../skills/**" -->\n<!-- docpact:end -->\n',
      "skills/flow.md": "# Flow\n\n## Signals\n\n> **Which signals count is not this document's call:** decided by `aw flow advance --json`.\n",
      "other/x.md": "# X\n\n**Retries are not this document's call** — `aw run` decides.\n",
    };
    const p = plan({ docs });
    expect(p.facts).toEqual([]);
    const out = applyDocs(docs, p);
    expect(out["README.md"]).toContain(
      [
        "| Document | Decision | Decided by |",
        "| - | - | - |",
        "| [other/x.md](other/x.md#x) | Retries | `aw run` |",
        "| [skills/flow.md](skills/flow.md#signals) | Which signals count | `aw flow advance --json` |",
      ].join("\n"),
    );
    expect(out["docs/index.md"]).toContain(
      "| [skills/flow.md](../skills/flow.md#signals) | Which signals count | `aw flow advance --json` |\n<!-- docpact:end",
    );
    expect(out["docs/index.md"]).not.toContain("other/x.md");
  });

  it("delegations says so when there are no notes", () => {
    const { text } = render("<!-- docpact:begin delegations -->");
    expect(text).toContain("_No delegation notes._\n<!-- docpact:end");
  });

  it("rules renders the catalogue", () => {
    const catalogue = [
      { id: "fragment/stale", defaultSeverity: "error" as const, description: "Stale | region." },
      { id: "cli/unknown-flag", defaultSeverity: "warning" as const, description: "Unknown flag." },
    ];
    const { text } = render("<!-- docpact:begin rules -->", {}, { catalogue });
    expect(text).toContain(
      "| Rule | Default | Description |\n| - | - | - |\n| `cli/unknown-flag` | warning | Unknown flag. |\n| `fragment/stale` | error | Stale \\| region. |\n",
    );
  });

  it("sites renders the site generator registry, one row per generator with a config file, in detection order", () => {
    const { text } = render("<!-- docpact:begin sites -->", {});
    const rows = text.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| Generator") && !l.startsWith("| -"));
    const expected = siteGenerators.filter((d) => d.configFiles.length > 0);
    expect(rows.length).toBe(expected.length);
    expected.forEach((d, i) => expect(rows[i]).toContain(`| ${d.name} |`));
    expect(text).toContain("| `jekyll` |");
  });
});

describe("failure modes (fragment/malformed)", () => {
  const messages = (region: string, input: Omit<ModelInput, "docs"> = {}, o: Partial<RegionPlanOptions> = {}) => {
    const r = render(region, input, o);
    return {
      facts: r.plan.facts.map((p) => `${p.kind} ${p.span.line}:${p.span.column} ${p.kind === "region-malformed" ? p.detail : ""}`),
      text: r.text,
      outcome: r.plan.regions[0],
    };
  };

  it("unknown template", () => {
    const r = messages("<!-- docpact:begin nope -->");
    expect(r.facts).toEqual(["region-malformed 3:1 unknown template 'nope' (known: commands, delegations, rules, schema-table, sites, vocabulary)"]);
    expect(r.outcome.status).toBe("malformed");
    expect(r.text).toBe("# Events\n\n<!-- docpact:begin nope -->\n<!-- docpact:end -->\n");
  });

  it("missing and unknown arguments", () => {
    expect(messages("<!-- docpact:begin vocabulary -->").facts).toEqual(["region-malformed 3:1 template vocabulary needs a source= argument"]);
    expect(messages("<!-- docpact:begin commands colour=red -->").facts).toEqual([
      "region-malformed 3:1 template commands has no argument 'colour' (its arguments: prefix)",
    ]);
    expect(messages("<!-- docpact:begin rules source=x -->").facts[0]).toContain("has no argument 'source'");
  });

  it("sources that do not resolve", () => {
    const m = (s: string) => messages(`<!-- docpact:begin vocabulary source="${s}" -->`).facts[0];
    expect(m("../schemas/event.schema.json#/$defs/missing")).toBe(
      "region-malformed 3:1 source '../schemas/event.schema.json#/$defs/missing': schemas/event.schema.json has nothing at #/$defs/missing",
    );
    expect(m("../schemas/other.schema.json#/x")).toContain("schemas/other.schema.json is not one of the project's schemas");
    expect(m("../../../etc/passwd")).toContain("points outside the root");
    expect(m("../schemas/event.schema.json#$defs")).toContain("is not a JSON pointer");
    expect(m("code:../src/events.ts#NOPE")).toBe("region-malformed 3:1 source 'code:../src/events.ts#NOPE': no code vocabulary `NOPE` in src/events.ts");
    expect(m("../schemas/event.schema.json#/$defs/event")).toContain("is not a closed set of values");
    expect(messages('<!-- docpact:begin schema-table source="../schemas/event.schema.json#/$defs/eventType" -->').facts[0]).toContain(
      "is not an object schema with properties",
    );
  });

  it("a cyclic $ref is reported, not followed forever", () => {
    const schema = JSON.stringify({ $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } } });
    const r = render('<!-- docpact:begin vocabulary source="../schemas/c.schema.json#/$defs/a" -->', { schemas: { "schemas/c.schema.json": schema } });
    expect((r.plan.facts[0] as { detail: string }).detail).toContain("cyclic $ref");
  });
});

describe("bytes outside regions", () => {
  const region = (end = "<!-- docpact:end -->") => `<!-- docpact:begin rules -->\nold\n${end}`;
  const catalogue = [{ id: "a/b", defaultSeverity: "error" as const, description: "A." }];
  const content = "| Rule | Default | Description |\n| - | - | - |\n| `a/b` | error | A. |\n";

  it("keeps BOM, CRLF, trailing spaces and a missing final newline; the region takes the document's line endings", () => {
    const raw = `\uFEFF# T  \r\n\r\ntext \t\r\n${region().replace(/\n/g, "\r\n")}`;
    const p = plan({ docs: { "a.md": raw } }, { catalogue });
    expect(p.documents).toHaveLength(1);
    const expected = `\uFEFF# T  \r\n\r\ntext \t\r\n<!-- docpact:begin rules -->\r\n${content.replace(/\n/g, "\r\n")}<!-- docpact:end sha=${regionSha(content)} -->`;
    expect(p.documents[0].content).toBe(expected);
    // Build twice: nothing changes.
    const again = plan({ docs: { "a.md": expected } }, { catalogue });
    expect(again.documents).toEqual([]);
    expect(again.regions.map((r) => r.status)).toEqual(["fresh"]);
  });

  it("LF and CRLF documents record the same hash", () => {
    const lf = plan({ docs: { "a.md": region() } }, { catalogue }).documents[0].content;
    const crlf = plan({ docs: { "a.md": region().replace(/\n/g, "\r\n") } }, { catalogue }).documents[0].content;
    expect(lf.replace(/\n/g, "\r\n")).toBe(crlf);
  });

  it("a region whose markers share a line with paragraph text is refused, never spliced into the paragraph", () => {
    const p = plan({ docs: { "a.md": "x <!-- docpact:begin rules --><!-- docpact:end --> y" } }, { catalogue });
    expect(p.documents).toEqual([]);
    expect(p.regions).toEqual([]);
  });

  it("an up-to-date region without sha= is stale only in its end marker", () => {
    const p = plan({ docs: { "a.md": `<!-- docpact:begin rules -->\n${content}<!-- docpact:end -->\n` } }, { catalogue });
    expect(p.regions[0]).toMatchObject({ status: "stale", current: content, expected: content, sha: null });
  });
});

describe("hand-edit protection", () => {
  const catalogue = [{ id: "a/b", defaultSeverity: "error" as const, description: "A." }];
  const content = "| Rule | Default | Description |\n| - | - | - |\n| `a/b` | error | A. |\n";
  const fresh = `<!-- docpact:begin rules -->\n${content}<!-- docpact:end sha=${regionSha(content)} -->\n`;

  it("a fresh region is left alone", () => {
    const p = plan({ docs: { "a.md": fresh } }, { catalogue });
    expect(p.documents).toEqual([]);
    expect(p.facts).toEqual([]);
    expect(p.regions[0].status).toBe("fresh");
  });

  it("content that no longer matches its sha is kept and reported, unless forced", () => {
    const edited = fresh.replace("| A. |", "| A, edited by hand. |");
    const p = plan({ docs: { "a.md": edited } }, { catalogue });
    expect(p.documents).toEqual([]);
    expect(p.regions[0].status).toBe("hand-edited");
    expect(p.facts).toEqual([{ kind: "region-hand-edited", span: p.regions[0].span, template: "rules", sha: regionSha(content) }]);
    const forced = plan({ docs: { "a.md": edited } }, { catalogue, force: true });
    expect(forced.facts).toEqual([]);
    expect(forced.regions[0].status).toBe("stale");
    expect(forced.documents[0].content).toBe(fresh);
  });

  it("a source change with untouched content is regenerated (not a hand edit)", () => {
    const p = plan({ docs: { "a.md": fresh } }, { catalogue: [...catalogue, { id: "c/d", defaultSeverity: "warning", description: "C." }] });
    expect(p.facts).toEqual([]);
    expect(p.regions[0].status).toBe("stale");
    expect(p.documents[0].content).toContain("| `c/d` | warning | C. |\n<!-- docpact:end sha=");
  });

  it("a region without sha is simply regenerated", () => {
    const p = plan({ docs: { "a.md": "<!-- docpact:begin rules -->\nanything\n<!-- docpact:end -->\n" } }, { catalogue });
    expect(p.facts).toEqual([]);
    expect(p.documents[0].content).toBe(fresh);
  });
});

describe("wiring", () => {
  it("planOutputs renders the rules template from docpact's own catalogue", async () => {
    const { planOutputs } = await import("../../compiler/emit/index.js");
    const model = makeModel({ docs: { "README.md": "<!-- docpact:begin rules prefix=fragment/ -->\n<!-- docpact:end -->\n" } });
    const p = await planOutputs(model, { force: false, templates: opts.templates, catalogue: rules.map((r) => r.meta) });
    expect(p.facts).toEqual([]);
    const text = p.documents[0].content;
    expect(text).toContain("| `fragment/hand-edited` | error | Generated text inside a region was edited by hand;");
    expect(text).toContain("| `fragment/malformed` | error |");
    expect(text).toContain("| `fragment/stale` | error |");
    expect(text).not.toContain("delegation/no-owner");
    expect(p.regions.map((r) => r.status)).toEqual(["stale"]);
  });

  it("module: sources go through the constant folder", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const root = mkdtempSync(join(tmpdir(), "docpact-module-"));
    try {
      mkdirSync(join(root, "src"));
      writeFileSync(join(root, "src/base.ts"), 'export const PREFIX = "run";\n');
      writeFileSync(
        join(root, "src/contract.ts"),
        'import { PREFIX } from "./base.js";\nexport const STATES = [`${PREFIX}.started`, "idle"] as const;\nexport const BAD = [Date.now()];\n',
      );
      const docs = {
        "docs/a.md":
          "<!-- docpact:begin vocabulary source=module:../src/contract.ts#STATES -->\n<!-- docpact:end -->\n\n" +
          "<!-- docpact:begin vocabulary source=module:../src/contract.ts#BAD -->\n<!-- docpact:end -->\n",
      };
      const { foldExport } = await import("../../compiler/readers/constant-folder.js");
      const p = planRegions(makeModel({ root, docs }), { ...opts, fold: foldExport });
      expect(p.documents[0].content).toContain("- `run.started`\n- `idle`\n<!-- docpact:end sha=");
      expect(p.facts).toHaveLength(1);
      expect(p.facts[0].span.line).toBe(4);
      expect((p.facts[0] as { detail: string }).detail).toBe(
        "source 'module:../src/contract.ts#BAD': cannot fold `Date`: `Date` reads the clock (src/contract.ts:3:21)",
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("argument paths and globs", async () => {
  const { matchesGlob } = await import("../../compiler/emit/region-glob.js");
  const { resolveArgPath } = await import("../../compiler/emit/region-sources.js");
  it("globs", () => {
    expect(matchesGlob("skills/a/b.md", "skills/**")).toBe(true);
    expect(matchesGlob("skills/b.md", "skills/**/*.md")).toBe(true);
    expect(matchesGlob("skills/a/b.md", "skills/*.md")).toBe(false);
    expect(matchesGlob("docs/x.md", "{docs,skills}/?.md")).toBe(true);
    expect(matchesGlob("docs/x.mdx", "docs/*.md")).toBe(false);
  });
  it("paths are relative to the document; a leading / is the root; leaving the root is refused", () => {
    expect(resolveArgPath("docs/a.md", "../schemas/x.json")).toBe("schemas/x.json");
    expect(resolveArgPath("docs/a.md", "/schemas/x.json")).toBe("schemas/x.json");
    expect(resolveArgPath("docs/a.md", "../../x.json")).toBeNull();
  });
});
