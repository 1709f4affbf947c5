/**
 * Folder names that name a version: a date (`2025-06-18`), `v2`, `1.0`, `1.0.0`, or `draft`, `next`, `latest`,
 * `unreleased`. Whether such a folder really is one of a project's versions is decided from its vocabularies
 * (model/vocabulary-versions.ts); this only says which names could be.
 */
export const NUMBERED_VERSION = /^(?:\d{4}-\d{2}-\d{2}|v\d+(?:\.\d+){0,2}|\d+\.\d+(?:\.\d+)?)$/i;
export const NAMED_VERSION = /^(?:draft|next|latest|unreleased)$/i;

export function isVersionName(segment: string): boolean {
  return NUMBERED_VERSION.test(segment) || NAMED_VERSION.test(segment);
}

/** The folders of a root-relative path that could name a version, in path order. */
export function versionFolders(file: string): string[] {
  return file.split("/").slice(0, -1).filter(isVersionName);
}
