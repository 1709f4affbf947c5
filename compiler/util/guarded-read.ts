/**
 * The one guarded read for the files the config step and the readers open by
 * name (config, package.json, tsconfig, baseline, vocabulary mappings, site
 * configs, templates): a regular file only (a FIFO would block the run, a
 * device such as /dev/zero would never end), inside the root after every
 * symbolic link is resolved, no larger than a limit, UTF-8 text. Anything
 * else is an answer naming the file and why, never a hang, a read outside the
 * root or a stack trace; callers turn it into their diagnostic or one-line
 * error. Reads go through input-fs, so they are observed like every input.
 */
import { isAbsolute, relative, resolve } from "node:path";
import { readFileSync, realpathSync, statSync, lstatSync } from "./input-fs.js";
import { mostlyNotText } from "./text.js";

/** Config-like files are small; this bounds memory when one is not (a baseline of a large project stays far below). */
export const CONFIG_MAX_BYTES = 16 * 1024 * 1024;

export type GuardedKind = "missing" | "outside-root" | "special-file" | "too-large" | "unreadable";
export type GuardedRead = { ok: true; text: string } | { ok: false; kind: GuardedKind; message: string };

const fail = (kind: GuardedKind, message: string): GuardedRead => ({ ok: false, kind, message });

/** Whether `abs` is lexically inside `root` (no `..`, not elsewhere). */
export function lexicallyInside(root: string, abs: string): boolean {
  const r = relative(resolve(root), resolve(abs));
  return !(r.startsWith("..") || isAbsolute(r));
}

/**
 * Reads `abs` (shown as `shown`) under the guard. `confine: false` is for a
 * file the user named on the command line (`--config`, `--baseline`), which
 * may live anywhere; the kind, size and text checks still hold.
 */
export function guardedRead(root: string, abs: string, shown: string, opts: { maxBytes?: number; confine?: boolean } = {}): GuardedRead {
  const maxBytes = opts.maxBytes ?? CONFIG_MAX_BYTES;
  const confine = opts.confine ?? true;
  if (confine && !lexicallyInside(root, abs)) return fail("outside-root", `${shown} is outside the root; docpact reads only inside the root`);
  let st;
  try {
    st = statSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      let link = false;
      try {
        link = lstatSync(abs).isSymbolicLink();
      } catch {
        // not there at all
      }
      return link ? fail("unreadable", `${shown} is a symbolic link to nothing; not read`) : fail("missing", `${shown} does not exist`);
    }
    if (code === "ELOOP") return fail("unreadable", `${shown} is a symbolic link that loops; not read`);
    return fail("unreadable", `cannot read ${shown}: ${code ?? String(e)}`);
  }
  if (!st.isFile()) return fail("special-file", `${shown} is not a regular file (${st.isDirectory() ? "a folder" : "a FIFO, socket or device"}); not read`);
  if (confine) {
    let inside = false;
    try {
      const r = relative(realpathSync(root), realpathSync(abs));
      inside = !(r.startsWith("..") || isAbsolute(r));
    } catch {
      inside = false;
    }
    if (!inside) return fail("outside-root", `${shown} resolves to a file outside the root; docpact reads only inside the root`);
  }
  if (st.size > maxBytes) return fail("too-large", `${shown} is ${st.size} bytes, more than ${maxBytes}; not read`);
  let buf: Buffer;
  try {
    buf = readFileSync(abs);
  } catch (e) {
    return fail("unreadable", `cannot read ${shown}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  if (buf.length > maxBytes) return fail("too-large", `${shown} is more than ${maxBytes} bytes; not read`);
  if (mostlyNotText(buf)) return fail("unreadable", `${shown} is not UTF-8 text (it is mostly NUL bytes: UTF-16 or binary); not read`);
  const text = buf.toString("utf8");
  if (text.includes("\uFFFD") && !Buffer.from(text, "utf8").equals(buf)) return fail("unreadable", `${shown} is not UTF-8 text; not read`);
  return { ok: true, text: text.replace(/^\uFEFF/, "") };
}
