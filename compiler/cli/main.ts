#!/usr/bin/env node
/** The docpact CLI's bin: runs the arguments (argv.ts) and exits with their code. */
import { runArgv } from "./argv.js";

// A reader that stops early (`docpact inspect commands | head`) closes the pipe: the rest of the
// output has nowhere to go, which is not an error of the run (no stack trace; the exit code stays the run's).
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE" && e.code !== "ERR_STREAM_DESTROYED") throw e;
  });
}

runArgv(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
