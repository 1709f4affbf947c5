/**
 * The workspace's shared folder (seeds, real-world corpus) lives beside the
 * repository, as `../shared/`; it may be absent, and tests using it skip then.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./cli.js";

export function sharedPath(rel: string): string {
  return join(repoRoot, "..", "shared", rel);
}

export const hasShared = (rel: string): boolean => existsSync(sharedPath(rel));
