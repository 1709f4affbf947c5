/**
 * Test code by the conventions test runners share: a file under a test or
 * fixture folder, or named `*.test.*` / `*.spec.*`. What such a file declares
 * is test data, not the project's surface (a unit test's array of cases is
 * not a vocabulary the docs must follow).
 */

/** Folder names that hold tests and their fixtures, at any depth. */
// `testdata` is Go's: the go tool ignores folders of that name.
export const TEST_FOLDERS: readonly string[] = ["test", "tests", "__tests__", "spec", "fixtures", "__fixtures__", "testdata"];

const TEST_FOLDER_SET = new Set(TEST_FOLDERS);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** Whether a root-relative `/` path is test code. */
export function isTestPath(rel: string): boolean {
  const parts = rel.split("/");
  if (TEST_FILE.test(parts[parts.length - 1])) return true;
  for (let i = 0; i < parts.length - 1; i++) if (TEST_FOLDER_SET.has(parts[i])) return true;
  return false;
}
