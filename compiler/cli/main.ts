#!/usr/bin/env node
/** The docpact CLI's bin: runs the arguments (argv.ts) and exits with their code. */
import { runArgv } from "./argv.js";

runArgv(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
