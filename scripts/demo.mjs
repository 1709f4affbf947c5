// `npm run demo`: runs docpact check on the bundled example and shows what it finds.
// The example carries deliberate drift, so exit 1 is the expected outcome here.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../examples/aw-cli", import.meta.url));
const cli = fileURLToPath(new URL("../dist/compiler/cli/main.js", import.meta.url));
console.log(`$ docpact check --root examples/aw-cli\n`);
const r = spawnSync(process.execPath, [cli, "check", "--root", root], { stdio: "inherit" });
if (r.status === 1) {
  console.log(
    "\nThe example's deliberate drift was found (exit 1). `docpact build --root examples/aw-cli --fix` would regenerate the stale region and fix the deprecated term (`--fix-dry-run` shows the edit); the rest needs a person.",
  );
  process.exit(0);
}
process.exit(r.status === 0 ? 1 : (r.status ?? 2));
