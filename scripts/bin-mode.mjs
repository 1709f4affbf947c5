// Makes the built bin executable: tsc writes files with mode 644, and a folder or git install runs the bin as is.
import { chmodSync, readFileSync } from "node:fs";
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
for (const bin of Object.values(pkg.bin ?? {})) chmodSync(new URL(`../${bin}`, import.meta.url), 0o755);
