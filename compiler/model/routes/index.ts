/** The router of each site generator (one module each, behind one interface). */
import type { SiteGenerator } from "../types.js";
import type { Router } from "./types.js";
import { github } from "./github.js";
import { vitepress } from "./vitepress.js";
import { docusaurus } from "./docusaurus.js";
import { mkdocs } from "./mkdocs.js";
import { starlight } from "./starlight.js";
import { nextra } from "./nextra.js";
import { mdbook } from "./mdbook.js";
import { mintlify } from "./mintlify.js";

export const routers: Record<SiteGenerator, Router> = { github, vitepress, docusaurus, mkdocs, starlight, nextra, mdbook, mintlify };

export type { Router };
