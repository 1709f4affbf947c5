/**
 * The site generators: one descriptor module each (compiler/model/routes/<id>.ts),
 * listed by the generated registry; everything else derives from this list.
 */
import registry from "../../../generated/sites.js";
import type { SiteGeneratorDescriptor, SiteGeneratorId } from "./types.js";

/** Every generator, in detection order. */
export const siteGenerators: readonly SiteGeneratorDescriptor[] = [...registry].sort((a, b) => a.priority - b.priority || (a.id < b.id ? -1 : 1));

/** The descriptor of each generator id (the config schema's enum; test/model/site-registry.test.ts checks both lists agree). */
export const routers = Object.fromEntries(siteGenerators.map((d) => [d.id, d])) as Record<SiteGeneratorId, SiteGeneratorDescriptor>;

export type { Router, SiteGeneratorDescriptor } from "./types.js";
