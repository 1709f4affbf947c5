/**
 * Synthetic docpact projects for the benchmark: an agent-workflow CLI `aw`
 * with Markdown docs (prose, delegation notes, invocations, links, section
 * references, vocabulary terms, regions), JSON Schemas (enums, oneOf consts,
 * deprecated aliases, relative and `$id` refs) and TypeScript (CliCommand
 * objects, commander-style chains, `as const` vocabularies, a decision
 * registry). One seeded PRNG drives everything, in a fixed order, so a seed
 * and a scale give byte-identical projects. Files are written one at a time;
 * nothing but the small plan is held in memory.
 *
 * Deliberate drift, in small proportions, so the rules have work to do:
 * wrong verbs and flags, notes without owners, broken links and anchors,
 * renamed sections, deprecated and misspelled terms, unresolvable refs,
 * code vocabularies missing a member, registry rows that no longer match.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { createRng } from "./prng.mjs";
import { COMMANDS, EVENTS, FIELDS, FLAGS, HEADING, NAMESPACES, PROSE, VERBS } from "./words.mjs";

/** Bump when the generated output changes, so cached projects are regenerated. */
export const GENERATOR_VERSION = 4;
export const META_FILE = ".bench-meta.json";
export const ID_BASE = "https://schemas.bench.invalid/";
const FIXED_TS = ["src/types.ts", "src/program.ts", "src/cli.ts", "src/decisions.ts", "src/registry.ts"];

/** File counts for a scale factor: 16 gives 10,000 docs, 500 schemas, 2,000 TypeScript files. */
export function countsFor(scale) {
  return {
    docs: Math.max(1, Math.round(625 * scale)),
    schemas: Math.max(2, Math.round(31.25 * scale)),
    ts: Math.max(FIXED_TS.length + 3, Math.round(125 * scale)),
  };
}

/** Folder name of a generated project; one per seed, scale and generator version. */
export function projectName(seed, scale) {
  return `docpact-bench-v${GENERATOR_VERSION}-seed${seed}-x${scale}`;
}

/**
 * Generates the project under `outDir` unless a complete one with the same
 * seed, scale and generator version is already there.
 * @returns {{ root: string, reused: boolean, meta: object }}
 */
export function ensureProject({ outDir, seed, scale }) {
  const root = join(outDir, projectName(seed, scale));
  const metaPath = join(root, META_FILE);
  if (existsSync(metaPath)) {
    try {
      const meta = JSON.parse(readFileSync(metaPath, "utf8"));
      if (meta.seed === seed && meta.scale === scale && meta.version === GENERATOR_VERSION) return { root, reused: true, meta };
    } catch {
      // fall through: regenerate
    }
  }
  rmSync(root, { recursive: true, force: true });
  const meta = generateProject({ root, seed, scale });
  return { root, reused: false, meta };
}

/** Writes a fresh project into `root` (which should be empty). Returns its meta (also written to META_FILE, last). */
export function generateProject({ root, seed, scale }) {
  const rng = createRng(seed);
  const counts = countsFor(scale);
  const out = writer(root);
  const plan = makePlan(rng, counts);

  out.write("package.json", JSON.stringify({ name: "aw-bench", version: "1.0.0", type: "module", private: true, bin: { aw: "dist/cli.js" } }, null, 2) + "\n");
  out.write("tsconfig.json", JSON.stringify(TSCONFIG, null, 2) + "\n");
  out.write("docpact.config.json", JSON.stringify(DOCPACT_CONFIG, null, 2) + "\n");
  // A real project has node_modules; docpact keeps its on-disk cache there only when it exists.
  mkdirSync(join(root, "node_modules"), { recursive: true });

  for (const s of plan.schemas) out.write(s.path, schemaText(rng, plan, s));
  for (const d of plan.docs) out.write(d.path, docText(rng, plan, d));
  writeCode(rng, plan, out);

  const meta = {
    seed,
    scale,
    version: GENERATOR_VERSION,
    counts: { docs: plan.docs.length, schemas: plan.schemas.length, ts: out.tsCount },
    bytes: out.bytes,
    // Files the warm benchmark edits: a doc, a schema and a command module.
    touch: { doc: plan.docs[0].path, schema: plan.schemas[plan.schemas.length - 1].path, ts: plan.commands[0].file },
    coreSchemas: "schemas/core",
  };
  writeFileSync(join(root, META_FILE), JSON.stringify(meta, null, 2) + "\n");
  return meta;
}

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ["src/**/*.ts"],
};

const DOCPACT_CONFIG = {
  docs: ["docs/**/*.md"],
  schemas: ["schemas/**/*.schema.json"],
  code: { tsconfig: "tsconfig.json" },
  cli: { binaries: ["aw"], commandType: "CliCommand", flagAccessors: ["flag"] },
  decisions: { module: "src/decisions.ts", export: "DECISIONS", documentRoot: "." },
  generate: { outDir: "generated" },
};

function writer(root) {
  const made = new Set();
  const self = {
    bytes: 0,
    tsCount: 0,
    write(rel, text) {
      const abs = join(root, rel);
      const dir = dirname(abs);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(abs, text);
      self.bytes += Buffer.byteLength(text);
      if (rel.endsWith(".ts")) self.tsCount++;
    },
  };
  return self;
}

// ---------------------------------------------------------------- plan

function makePlan(rng, counts) {
  const codeFiles = counts.ts - FIXED_TS.length;
  const commandFiles = Math.max(1, Math.round(codeFiles * 0.6));
  const vocabFiles = Math.max(1, Math.round(codeFiles * 0.2));
  const utilFiles = Math.max(0, codeFiles - commandFiles - vocabFiles);

  const names = commandNames(commandFiles + Math.max(2, Math.round(commandFiles / 12)));
  const commands = [];
  for (let i = 0; i < commandFiles; i++) {
    const name = names[i];
    commands.push({
      name,
      verbs: rng.sample(VERBS, rng.int(2, 5)),
      flags: rng.sample(FLAGS, rng.int(2, 5)).map((f) => `--${f}`),
      file: `src/commands/${name}.ts`,
      ident: camel(name) + "Command",
    });
  }
  // Commands declared through commander-style chains in src/cli.ts (one word + an argument).
  const legacy = names.slice(commandFiles).map((name) => ({ name, verbs: [], flags: rng.sample(FLAGS, rng.int(1, 3)).map((f) => `--${f}`), legacy: true }));

  const schemas = [];
  const areaCount = Math.max(1, Math.round(counts.docs / 25));
  const coreCount = Math.max(1, Math.round(counts.schemas * 0.4));
  for (let j = 0; j < counts.schemas; j++) {
    // Distinct namespaces (`run`, `run-agent`, …): a `run1` next to `run` would read as a typo of it.
    const L = NAMESPACES.length;
    const ns = j < L ? NAMESPACES[j] : `${NAMESPACES[j % L]}-${NAMESPACES[(Math.floor(j / L) + j) % L]}${j >= L * L ? Math.floor(j / (L * L)) : ""}`;
    const core = j < coreCount;
    const folder = core ? "schemas/core" : `schemas/area-${pad(j % areaCount, 3)}`;
    const members = rng.sample(EVENTS, rng.int(6, 12)).map((e) => `${ns}.${e}`);
    const hyphenated = members.filter((m) => m.includes("-"));
    const deprecated = hyphenated.length > 0 && rng.chance(0.5) ? { alias: hyphenated[0].replace(/-/g, "_"), replacedBy: hyphenated[0] } : null;
    schemas.push({ index: j, ns, core, path: `${folder}/${ns}.schema.json`, id: `${ID_BASE}${ns}.schema.json`, members, deprecated });
  }

  const docs = [];
  for (let i = 0; i < counts.docs; i++) {
    const area = i % areaCount;
    const title = titleCase(rng.sample(HEADING, 2).join(" ")) + " " + (i + 1);
    const headings = rng.sample(HEADING, rng.int(3, 5)).map((h, k) => (k === 0 ? h : `${h} ${rng.pick(["rules", "notes", "steps", "contract", "facts"])}`));
    docs.push({ index: i, path: `docs/area-${pad(area, 3)}/topic-${pad(i, 5)}.md`, title, headings });
  }

  const decisions = [];
  return { counts, commands, legacy, allCommands: [...commands, ...legacy], schemas, docs, decisions, vocabFiles, utilFiles };
}

function commandNames(n) {
  const out = [];
  const L = COMMANDS.length;
  for (let i = 0; out.length < n; i++) {
    if (i < L) out.push(COMMANDS[i]);
    else {
      const a = COMMANDS[i % L];
      const b = COMMANDS[Math.floor(i / L) % L];
      const round = Math.floor(i / (L * L));
      if (a === b) continue;
      out.push(round > 0 ? `${a}-${b}${round}` : `${a}-${b}`);
    }
  }
  return out;
}

// ---------------------------------------------------------------- prose

function sentence(rng, plan, doc, inline) {
  const n = rng.int(8, 18);
  const words = [];
  for (let k = 0; k < n; k++) words.push(rng.pick(PROSE));
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  if (inline) {
    const r = rng.next();
    let piece;
    if (r < 0.4) piece = term(rng, plan);
    else if (r < 0.6) piece = "`" + invocation(rng, plan, 0.03) + "`";
    else if (r < 0.78) piece = link(rng, plan, doc);
    else if (r < 0.84) piece = sectionRef(rng, plan, doc);
    else if (r < 0.92) piece = "`" + rng.pick(FLAGS.map((f) => `--${f}`)) + "`";
    else piece = "`" + rng.pick(plan.commands).file + "`";
    words.splice(rng.int(1, words.length - 1), 0, piece);
  }
  return words.join(" ") + ".";
}

function paragraph(rng, plan, doc) {
  const n = rng.int(3, 5);
  const s = [];
  for (let i = 0; i < n; i++) s.push(sentence(rng, plan, doc, rng.chance(0.45)));
  return s.join(" ");
}

/** A backticked vocabulary term: mostly canonical, a few deprecated aliases, a few typos. */
function term(rng, plan) {
  const schema = rng.pick(plan.schemas);
  if (schema.deprecated && rng.chance(0.05)) return "`" + schema.deprecated.alias + "`";
  const m = rng.pick(schema.members);
  if (rng.chance(0.01)) return "`" + m.slice(0, -2) + m.slice(-1) + m.slice(-2, -1) + "`";
  return "`" + m + "`";
}

/** `aw cmd verb --flag arg`; with probability `wrong`, an unknown verb or flag. */
function invocation(rng, plan, wrong) {
  const c = rng.pick(plan.allCommands);
  const parts = ["aw", c.name];
  if (c.verbs.length) parts.push(rng.chance(wrong / 2) ? rng.pick(VERBS) + "x" : rng.pick(c.verbs));
  else parts.push(rng.pick(["<id>", "<NNN>", "42", "{session}"]));
  const flags = rng.sample(c.flags, rng.int(0, Math.min(2, c.flags.length)));
  for (const f of flags) parts.push(f === "--limit" || f === "--reason" ? `${f}=${rng.int(1, 9)}` : f);
  if (rng.chance(wrong / 2)) parts.push("--" + rng.pick(FLAGS) + "-typo");
  return parts.join(" ");
}

function relLink(from, to) {
  return posix.relative(posix.dirname(from), to);
}

function link(rng, plan, doc) {
  const target = rng.pick(plan.docs);
  let href = relLink(doc.path, target.path);
  if (href === "") href = posix.basename(target.path);
  const r = rng.next();
  if (r < 0.01)
    href = href.replace(/topic-/, "topik-"); // missing file
  else if (r < 0.02) href += "#no-such-heading";
  else if (r < 0.45) href += "#" + slug(rng.pick(target.headings));
  return `[${rng.pick(HEADING).toLowerCase()}](${href})`;
}

function sectionRef(rng, plan, doc) {
  const target = rng.pick(plan.docs);
  const href = relLink(doc.path, target.path) || posix.basename(target.path);
  const heading = rng.chance(0.03) ? "Renamed " + rng.pick(HEADING) : rng.pick(target.headings);
  return `[the ${rng.pick(HEADING).toLowerCase()}](${href}) § *${heading}*`;
}

function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

function note(rng, plan, doc) {
  const subject = titleCase(rng.sample(PROSE.slice(1, 40), rng.int(2, 4)).join(" "));
  const owners = rng.chance(0.03) ? [] : Array.from({ length: rng.chance(0.2) ? 2 : 1 }, () => invocation(rng, plan, 0.02));
  const verb = rng.chance(0.15) ? "are" : "is";
  const body =
    owners.length === 0
      ? "the steps below are decided elsewhere, not by this document."
      : `the deterministic steps below are decided by the CLI (${owners.map((o) => "`" + o + "`").join(", ")}), not by this document.`;
  const text = `${subject} ${verb} not this document's call`;
  // Most notes are registered as decisions; a few registry rows drift.
  const r = rng.next();
  if (r < 0.95) {
    const document = r < 0.02 ? doc.path.replace(/topic-/, "gone-") : doc.path;
    const attribution = r > 0.93 ? text.replace("not this", "no longer this") : text;
    plan.decisions.push({ id: `D-${pad(plan.decisions.length + 1, 5)}`, document, attribution });
  }
  return `> **${text}:** ${body} ${sentence(rng, plan, doc, false)}`;
}

function shBlock(rng, plan) {
  const lines = [];
  for (let i = rng.int(2, 4); i > 0; i--) lines.push((rng.chance(0.3) ? "$ " : "") + invocation(rng, plan, 0.03));
  return "```sh\n" + lines.join("\n") + "\n```";
}

function jsonExample(rng, plan) {
  const s = rng.pick(plan.schemas);
  return "```json\n" + JSON.stringify({ kind: rng.pick(s.members), status: "pending", attempts: rng.int(0, 3) }, null, 2) + "\n```";
}

function table(rng, plan) {
  const rows = ["| command | what it decides |", "| --- | --- |"];
  for (let i = rng.int(2, 5); i > 0; i--) rows.push(`| \`${invocation(rng, plan, 0)}\` | ${sentence(rng, plan, null, false)} |`);
  return rows.join("\n");
}

function region(rng, plan, doc) {
  // A project has a few index pages listing every note, not one per folder: each renders all notes.
  if (doc.index % 1000 === 1) return "<!-- docpact:begin delegations -->\n| document | subject | owners |\n| --- | --- | --- |\n<!-- docpact:end -->";
  const s = rng.pick(plan.schemas);
  const src = relLink(doc.path, s.path) + "#/$defs/kind";
  return `<!-- docpact:begin vocabulary source="${src}" -->\n${s.members.map((m) => `- \`${m}\``).join("\n")}\n<!-- docpact:end -->`;
}

function docText(rng, plan, doc) {
  const parts = [`# ${doc.title}`, paragraph(rng, plan, doc)];
  const hasNote = rng.chance(0.35);
  const noteAt = rng.int(0, doc.headings.length - 1);
  const shAt = rng.chance(0.4) ? rng.int(0, doc.headings.length - 1) : -1;
  // One doc in 25 carries a region (fixed, so even a tiny project has some).
  const regionAt = doc.index % 25 === 1 ? rng.int(0, doc.headings.length - 1) : -1;
  doc.headings.forEach((h, k) => {
    parts.push(`## ${h}`);
    if (hasNote && k === noteAt) parts.push(note(rng, plan, doc));
    for (let p = rng.int(1, 3); p > 0; p--) parts.push(paragraph(rng, plan, doc));
    if (k === shAt) parts.push(shBlock(rng, plan));
    if (k === regionAt) parts.push(region(rng, plan, doc));
    if (rng.chance(0.05)) parts.push(jsonExample(rng, plan));
    if (rng.chance(0.04)) parts.push(table(rng, plan));
    if (rng.chance(0.15)) parts.push(Array.from({ length: rng.int(2, 4) }, () => `- ${sentence(rng, plan, doc, rng.chance(0.5))}`).join("\n"));
  });
  return parts.join("\n\n") + "\n";
}

// ---------------------------------------------------------------- schemas

function schemaText(rng, plan, s) {
  const description = (extra) => sentence(rng, plan, null, false).slice(0, -1) + (extra ? `; see ${extra}.` : ".");
  const backticked = () => "`" + (s.deprecated && rng.chance(0.05) ? s.deprecated.alias : rng.pick(s.members)) + "`";
  const properties = {};
  // `kind` and `status` are added below as refs; keep them out of the sampled fields (no duplicate `required`).
  const fields = rng.sample(
    FIELDS.filter((f) => f !== "kind" && f !== "status"),
    rng.int(8, 14),
  );
  for (const f of fields) {
    const r = rng.next();
    if (r < 0.5) properties[f] = { type: "string", description: description(rng.chance(0.4) ? backticked() : "") };
    else if (r < 0.65) properties[f] = { type: "integer", minimum: 0, description: description("") };
    else if (r < 0.8) properties[f] = { type: "array", items: { type: "string" }, description: description(backticked()) };
    else properties[f] = { type: "boolean", description: description("") };
  }
  properties.kind = { $ref: "#/$defs/kind", description: `One of the ${s.ns} events, such as ${backticked()}.` };
  properties.status = { $ref: "#/$defs/status" };
  // Refs into the shared core: relative paths, and by `$id` from area schemas. Core schemas only refer to earlier core ones.
  const targets = plan.schemas.filter((t) => t.core && t.index !== s.index && (!s.core || t.index < s.index));
  if (targets.length) {
    const t = rng.pick(targets);
    const byId = !s.core && rng.chance(0.2);
    properties.related = { $ref: (byId ? t.id : posix.relative(posix.dirname(s.path), t.path)) + "#/$defs/kind", description: `Related ${t.ns} event.` };
    if (!s.core && rng.chance(0.03)) properties.missing = { $ref: posix.relative(posix.dirname(s.path), "schemas/core/nowhere.schema.json") };
  }
  const kind = { type: "string", description: `Closed vocabulary of ${s.ns} events.`, enum: [...s.members] };
  if (s.deprecated) {
    kind.enum.push(s.deprecated.alias);
    kind["x-deprecated"] = [s.deprecated.alias];
    kind["x-replaced-by"] = { [s.deprecated.alias]: s.deprecated.replacedBy };
  }
  const status = {
    description: "Lifecycle status.",
    oneOf: [
      { const: "pending", description: "Not started." },
      { const: "active", description: "Running." },
      { const: "done", description: "Finished." },
      { const: "cancelled", description: "Stopped by an operator." },
      ...(rng.chance(0.3) ? [{ const: "canceled", deprecated: true, "x-replaced-by": "cancelled", description: "Old spelling." }] : []),
    ],
  };
  const schema = {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: s.id,
    title: titleCase(s.ns) + "Event",
    description: `An event of the ${s.ns} lifecycle, as emitted by \`aw ${rng.pick(plan.commands).name}\`. ` + description(""),
    type: "object",
    additionalProperties: false,
    required: ["kind", "status", ...fields.slice(0, 2)],
    properties,
    $defs: {
      kind,
      status,
      detail: {
        type: "object",
        properties: Object.fromEntries(rng.sample(FIELDS, 4).map((f) => [f, { type: "string", description: description("") }])),
      },
    },
  };
  return JSON.stringify(schema, null, 2) + "\n";
}

// ---------------------------------------------------------------- code

function writeCode(rng, plan, out) {
  out.write("src/types.ts", TYPES_TS);
  out.write("src/program.ts", PROGRAM_TS);
  for (const c of plan.commands) out.write(c.file, commandTs(rng, plan, c));
  out.write(
    "src/registry.ts",
    '/** Every command of `aw`, in registration order. */\nimport type { CliCommand } from "./types.js";\n' +
      plan.commands.map((c) => `import { ${c.ident} } from "./commands/${c.name}.js";`).join("\n") +
      "\n\nexport const COMMANDS: readonly CliCommand[] = [\n" +
      plan.commands.map((c) => `  ${c.ident},`).join("\n") +
      "\n];\n",
  );
  out.write("src/cli.ts", cliTs(rng, plan));
  for (let k = 0; k < plan.vocabFiles; k++) out.write(`src/vocab/v${pad(k, 4)}.ts`, vocabTs(rng, plan, k));
  for (let k = 0; k < plan.utilFiles; k++) out.write(`src/util/u${pad(k, 4)}.ts`, utilTs(rng, k));
  // The registry last: the docs have filled it.
  out.write(
    "src/decisions.ts",
    "/** CLI-owned decisions and the document that must say so. */\nexport interface Decision {\n  readonly id: string;\n  readonly document: string;\n  readonly attribution: string;\n}\n\n" +
      "export const DECISIONS: readonly Decision[] = [\n" +
      plan.decisions.map((d) => `  { id: ${q(d.id)}, document: ${q(d.document)}, attribution: ${q(d.attribution)} },`).join("\n") +
      "\n];\n",
  );
}

const TYPES_TS = `/** The shapes every command of \`aw\` shares. */
export interface CommandContext {
  readonly args: readonly string[];
  flag(name: string): boolean;
  value(name: string): string | undefined;
  print(line: string): void;
}

export interface CliCommand {
  name: string;
  summary: string;
  verbs?: readonly string[];
  flags?: readonly string[];
  run(ctx: CommandContext): Promise<number>;
}
`;

const PROGRAM_TS = `/** A tiny commander-like builder for the legacy commands. */
interface Entry {
  spec: string;
  description: string;
  options: string[];
}

export class Program {
  private readonly entries: Entry[] = [];
  private current: Entry | null = null;

  command(spec: string): this {
    this.current = { spec, description: "", options: [] };
    this.entries.push(this.current);
    return this;
  }

  description(text: string): this {
    if (this.current) this.current.description = text;
    return this;
  }

  option(spec: string, _help?: string): this {
    this.current?.options.push(spec);
    return this;
  }

  action(_fn: (...args: string[]) => void | Promise<void>): this {
    return this;
  }

  specs(): readonly string[] {
    return this.entries.map((e) => e.spec);
  }
}
`;

function commandTs(rng, plan, c) {
  const V = c.name.toUpperCase().replace(/-/g, "_") + "_VERBS";
  const T = pascal(c.name) + "Verb";
  const lines = [
    `/** \`aw ${c.name}\`: ${sentence(rng, plan, null, false)} */`,
    `import type { CliCommand, CommandContext } from "../types.js";`,
    ``,
    `const ${V} = [${c.verbs.map(q).join(", ")}] as const;`,
    `type ${T} = (typeof ${V})[number];`,
    ``,
    `function is${T}(word: string): word is ${T} {`,
    `  return (${V} as readonly string[]).includes(word);`,
    `}`,
    ``,
    `export const ${c.ident}: CliCommand = {`,
    `  name: ${q(c.name)},`,
    `  summary: ${q(sentence(rng, plan, null, false))},`,
    `  verbs: ${V},`,
    `  flags: [${c.flags.map(q).join(", ")}],`,
    `  async run(ctx: CommandContext): Promise<number> {`,
    `    const verb = ctx.args[0] ?? "";`,
    `    if (!is${T}(verb)) {`,
    "      ctx.print(`aw " + c.name + ": unknown verb ${verb}`);",
    `      return 2;`,
    `    }`,
    `    switch (verb) {`,
    ...c.verbs.map((v) => `      case ${q(v)}:\n        return do${pascal(v)}(ctx);`),
    `    }`,
    `  },`,
    `};`,
  ];
  for (const v of c.verbs) {
    const f = rng.pick(c.flags).slice(2);
    lines.push(
      ``,
      `/** ${sentence(rng, plan, null, false)} */`,
      `function do${pascal(v)}(ctx: CommandContext): number {`,
      `  const items = ctx.args.slice(1).filter((a) => a.length > 0);`,
      `  const limit = Number(ctx.value(${q("limit")}) ?? ${rng.int(5, 50)});`,
      `  if (ctx.flag(${q(f)})) {`,
      `    ctx.print(JSON.stringify({ verb: ${q(v)}, items: items.slice(0, limit) }));`,
      `    return 0;`,
      `  }`,
      `  for (const [i, item] of items.entries()) {`,
      `    if (i >= limit) break;`,
      "    ctx.print(`" + v + " ${i + 1}: ${item}`);",
      `  }`,
      `  return items.length === 0 ? ${rng.int(1, 3)} : 0;`,
      `}`,
    );
  }
  return lines.join("\n") + "\n";
}

function cliTs(rng, plan) {
  const lines = [
    `/** Entry point of \`aw\`: registered commands plus legacy commander-style ones. */`,
    `import { COMMANDS } from "./registry.js";`,
    `import { Program } from "./program.js";`,
    ``,
    `export const program = new Program();`,
    ``,
  ];
  for (const c of plan.legacy) {
    lines.push(`program`, `  .command(${q(`${c.name} <id>`)})`, `  .description(${q(sentence(rng, plan, null, false))})`);
    for (const f of c.flags) lines.push(`  .option(${q(rng.chance(0.5) ? `-${f[2]}, ${f}` : f)})`);
    lines.push(`  .action(async (id: string) => {`, `    void id;`, `  });`, ``);
  }
  lines.push(`export function commandNames(): string[] {`, `  return [...COMMANDS.map((c) => c.name), ...program.specs()];`, `}`);
  return lines.join("\n") + "\n";
}

function vocabTs(rng, plan, k) {
  const s = plan.schemas[k % plan.schemas.length];
  const base = s.ns.toUpperCase().replace(/-/g, "_") + (k >= plan.schemas.length ? `_${k}` : "");
  const members = rng.chance(0.1) ? s.members.slice(0, -1) : s.members;
  const P = pascal(s.ns) + (k >= plan.schemas.length ? String(k) : "");
  return (
    [
      `/** Mirrors ${s.path}#/$defs/kind. */`,
      `export const ${base}_KINDS = [`,
      ...members.map((m) => `  ${q(m)},`),
      `] as const;`,
      `export type ${P}Kind = (typeof ${base}_KINDS)[number];`,
      ``,
      `export type ${P}Status = "pending" | "active" | "done" | "cancelled";`,
      ``,
      `export enum ${P}Phase {`,
      `  Draft = "draft",`,
      `  Ready = "ready",`,
      `  Closed = "closed",`,
      `}`,
      ``,
      `export function is${P}Kind(value: string): value is ${P}Kind {`,
      `  return (${base}_KINDS as readonly string[]).includes(value);`,
      `}`,
      ``,
      `/** ${sentence(rng, plan, null, false)} */`,
      `export function next${P}Phase(phase: ${P}Phase): ${P}Phase {`,
      `  switch (phase) {`,
      `    case ${P}Phase.Draft:`,
      `      return ${P}Phase.Ready;`,
      `    default:`,
      `      return ${P}Phase.Closed;`,
      `  }`,
      `}`,
    ].join("\n") + "\n"
  );
}

function utilTs(rng, k) {
  const lines = [`/** Helpers ${k}. */`];
  for (let f = rng.int(3, 6); f > 0; f--) {
    const name = camel(rng.pick(VERBS)) + pascal(rng.pick(FIELDS)) + f;
    const fields = rng.sample(FIELDS, rng.int(2, 5));
    lines.push(
      ``,
      `export interface ${pascal(name)}Input {`,
      ...fields.map((x) => `  ${x}: string;`),
      `}`,
      ``,
      `export function ${name}(input: ${pascal(name)}Input, limit = ${rng.int(1, 99)}): string[] {`,
      `  const out: string[] = [];`,
      ...fields.map((x) => `  if (input.${x}.length > 0 && out.length < limit) out.push(input.${x}.trim());`),
      `  return out.sort((a, b) => a.localeCompare(b));`,
      `}`,
    );
  }
  return lines.join("\n") + "\n";
}

// ---------------------------------------------------------------- small helpers

function pad(n, w) {
  return String(n).padStart(w, "0");
}
function q(s) {
  return JSON.stringify(s);
}
function camel(s) {
  return s.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
}
function pascal(s) {
  const c = camel(s);
  return c[0].toUpperCase() + c.slice(1);
}
function titleCase(s) {
  return s[0].toUpperCase() + s.slice(1);
}
