#!/usr/bin/env node
/**
 * A cold `docpact check` on a generated 400-file CLI, CPU time (user+sys) of
 * one build of docpact against another (issue 18: the CLI adapters must not
 * make a cold check slower).
 *
 * The project: 396 commander command modules (each `program.command(…)` with
 * options, some registered in a loop over an array of option objects), an mri
 * entry that dispatches a few words itself, a command-type registry, and 40
 * docs with invocations, synopsis fences and option lists. Runs alternate
 * between the builds (A, B, A, B, …) with the cache off, so load drifts hit
 * both alike; prints the median CPU and wall time of each.
 *
 * Usage: node scripts/bench/cli-cold.mjs --a /tmp/old-dist --b dist [--runs 5] [--out /tmp/docpact-cli400]
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const distA = resolve(opt("a", "dist"));
const distB = resolve(opt("b", "dist"));
const runs = Number(opt("runs", "5"));
const root = resolve(opt("out", join(tmpdir(), "docpact-cli400")));

generate(root);
const results = { A: [], B: [] };
for (let i = 0; i < runs; i++) {
  for (const [k, dist] of [
    ["A", distA],
    ["B", distB],
  ])
    results[k].push(runOnce(dist));
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [k, dist] of [
  ["A", distA],
  ["B", distB],
]) {
  const r = results[k];
  console.log(
    `${k} ${dist}: cpu median ${med(r.map((x) => x.cpu)).toFixed(0)} ms (runs ${r.map((x) => x.cpu.toFixed(0)).join(", ")}), wall median ${med(r.map((x) => x.wall)).toFixed(0)} ms, exit ${r[0].code}`,
  );
}

function runOnce(dist) {
  const file = join(tmpdir(), `cli-cold-${process.pid}.txt`);
  const t0 = process.hrtime.bigint();
  const p = spawnSync(process.execPath, [join(HERE, "rss-wrap.mjs"), join(dist, "compiler/cli/main.js"), "check", "--root", root, "--format", "json"], {
    env: { ...process.env, DOCPACT_NO_CACHE: "1", BENCH_RSS_FILE: file },
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const [, cpu] = readFileSync(file, "utf8").split(" ").map(Number);
  rmSync(file, { force: true });
  return { cpu, wall, code: p.status };
}

function generate(dir) {
  rmSync(dir, { recursive: true, force: true });
  const w = (rel, text) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  w("package.json", JSON.stringify({ name: "tool", private: true, bin: { tool: "dist/index.js" } }) + "\n");
  w("docpact.config.json", JSON.stringify({ docs: ["docs/**/*.md"], code: { include: ["src/**/*.ts"] } }) + "\n");
  const N = 396;
  const imports = [];
  for (let i = 0; i < N; i++) {
    const name = `cmd${i}`;
    imports.push(`import "./commands/${name}";`);
    const loop = i % 3 === 0;
    w(
      `src/commands/${name}.ts`,
      `import { program } from "commander";\n` +
        (loop
          ? `const OPTIONS = [\n${[0, 1, 2, 3].map((k) => `  { long: "opt${k}", ${k % 2 ? `short: "${"abcd"[k]}", ` : ""}arg: ${k % 2 ? '"value"' : "undefined"}, parse: (s: string) => s.trim() },`).join("\n")}\n];\n`
          : "") +
        `const c = program\n  .command("${name} <id>")\n  .description("command ${i}")\n  .option("--json", "json output")\n  .option("--retry <n>", "attempts")\n  .option("-f, --force", "do not ask");\n` +
        (loop
          ? `for (const { long, short, arg } of OPTIONS) {\n  const flags = \`\${short ? \`-\${short}, \` : ""}--\${long}\${arg ? \` <\${arg}>\` : ""}\`;\n  c.option(flags, "generated");\n}\n`
          : "") +
        `c.action(() => {});\n`,
    );
  }
  w("src/index.ts", `import { program } from "commander";\n${imports.join("\n")}\nprogram.option("-v, --verbose", "more output");\nprogram.parse();\n`);
  w("src/util.ts", `export const VERSION = "1.0.0";\nexport function log(s: string): void { console.log(s); }\n`);
  w("src/types.ts", `export interface Options { json?: boolean; retry?: number }\n`);
  w("src/help.ts", `export const HELP = ${JSON.stringify(Array.from({ length: 20 }, (_, i) => `tool cmd${i} <id> [--json]`))};\n`);
  for (let d = 0; d < 40; d++) {
    const lines = [`# Guide ${d}`, ""];
    for (let k = 0; k < 10; k++) {
      const i = (d * 10 + k) % N;
      lines.push(
        `## cmd${i}`,
        "",
        "```",
        `tool cmd${i} <id> [--json] [--retry <n>]`,
        "```",
        "",
        "- `--json`: print JSON.",
        "- `--force`: do not ask.",
        "",
        `Run \`tool cmd${i} 42 --retry 3\` or \`npx tool cmd${i} 7 -f\`.`,
        "",
      );
      if (i % 3 === 0) lines.push("```sh", `tool cmd${i} 1 --opt0 --opt1 x -b y`, "```", "");
    }
    w(`docs/guide-${d}.md`, lines.join("\n") + "\n");
  }
}
