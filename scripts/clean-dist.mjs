// Removes stale build output so a renamed module never lingers in dist/.
import { rmSync } from "node:fs";
rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
