/**
 * The yaml package, loaded on first use: most runs read no YAML (no site config, no front
 * matter, no YAML schema), and loading it at start cost ~60 ms of CPU on every CLI run.
 */
import { createRequire } from "node:module";

type Yaml = typeof import("yaml");
let loaded: Yaml | undefined;

export function yaml(): Yaml {
  return (loaded ??= createRequire(import.meta.url)("yaml") as Yaml);
}
