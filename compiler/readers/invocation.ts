/**
 * Shell-like lexing of CLI invocations as prose writes them: inline code
 * (`aw flow advance --json`) and lines of shell fences. Offsets are local to
 * the source string; the Markdown reader maps them back into the document.
 *
 * The lexer never fails: unbalanced quotes or brackets are read as ordinary
 * characters, so any string gives some token list.
 */
import { initializerPackage } from "../model/packages.js";
import type { InvocationTokenKind } from "../model/types.js";

/** A lexed token; `operator` (`|`, `&&`, `||`, `;`, `&`, newline) and `redirect` (`>`, `2>&1`, `< f`) end an invocation. */
export interface LexToken {
  kind: InvocationTokenKind | "operator" | "redirect";
  text: string;
  /** Offsets in the source string, end exclusive. */
  start: number;
  end: number;
  flag?: string;
  value?: string;
}

/** One invocation found in a source string (local offsets). */
export interface RawInvocation {
  binary: string;
  /** Start of the binary word, end of the last token. */
  start: number;
  end: number;
  /** Tokens after the binary, operators and redirections excluded. */
  tokens: LexToken[];
}

const SPACE = new Set([" ", "\t", "\r", "\f", "\v", "\u00a0"]);
const CLOSER: Record<string, string> = { "<": ">", "{": "}", "[": "]" };
const FLAG = /^(--?[A-Za-z0-9][A-Za-z0-9_.:-]*)(?:=([\s\S]*))?$/;
const CAPS = /^[A-Z][A-Z0-9_]+$/;
const EMBEDDED_PLACEHOLDER = /<[^<>\s][^<>]*>|\{[^{}\s][^{}]*\}/;
const ENV_ASSIGN = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Lexes `src` into tokens (shell-like: quotes group, operators split, `#` starts a comment). */
export function tokenizeInvocation(src: string): LexToken[] {
  const out: LexToken[] = [];
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src[i];
    if (SPACE.has(c)) {
      i++;
      continue;
    }
    if (c === "\\" && (src[i + 1] === "\n" || (src[i + 1] === "\r" && src[i + 2] === "\n"))) {
      // Line continuation: whitespace.
      i += src[i + 1] === "\n" ? 2 : 3;
      continue;
    }
    if (c === "\n") {
      out.push({ kind: "operator", text: "\n", start: i, end: i + 1 });
      i++;
      continue;
    }
    if (c === "#") {
      // Comment to the end of the line.
      while (i < n && src[i] !== "\n") i++;
      continue;
    }
    const op = operatorAt(src, i);
    if (op) {
      out.push({ kind: "operator", text: op, start: i, end: i + op.length });
      i += op.length;
      continue;
    }
    const redirect = redirectAt(src, i);
    if (redirect) {
      out.push({ kind: "redirect", text: redirect, start: i, end: i + redirect.length });
      i += redirect.length;
      continue;
    }
    const end = wordEnd(src, i);
    const text = src.slice(i, end);
    const optional = bracketedFlags(text, i);
    if (optional) out.push(...optional);
    else out.push(classify(text, i, end));
    i = end;
  }
  return out;
}

function operatorAt(src: string, i: number): string | null {
  const c = src[i];
  if (c === "|") return src[i + 1] === "|" ? "||" : "|";
  if (c === "&") {
    if (src[i + 1] === "&") return "&&";
    if (src[i + 1] === ">") return null; // `&>` is a redirection
    return "&";
  }
  if (c === ";") return src[i + 1] === ";" ? ";;" : ";";
  return null;
}

/** Redirections at a token start: `>`, `>>`, `2>`, `2>&1`, `&>`, `<<`, and `<` followed by space. */
function redirectAt(src: string, i: number): string | null {
  let j = i;
  while (j < src.length && src[j] >= "0" && src[j] <= "9") j++;
  if (src[j] === "&" && src[j + 1] === ">") j++;
  if (src[j] === ">") {
    j++;
    if (src[j] === ">") j++;
    if (src[j] === "&") {
      j++;
      while (j < src.length && /[0-9-]/.test(src[j])) j++;
    }
    return src.slice(i, j);
  }
  if (j === i && src[i] === "<") {
    if (src[i + 1] === "<") return src[i + 2] === "<" ? "<<<" : "<<";
    if (i + 1 >= src.length || SPACE.has(src[i + 1]) || src[i + 1] === "\n") return "<";
  }
  return null;
}

/** End of the word starting at `i`: quotes and leading `<…>`/`{…}`/`[…]` groups may contain spaces. */
function wordEnd(src: string, i: number): number {
  const n = src.length;
  let j = i;
  const open = src[i];
  const close = CLOSER[open];
  if (close) {
    // A placeholder group at the token start, closed on the same line.
    let depth = 0;
    let k = i;
    for (; k < n && src[k] !== "\n"; k++) {
      if (src[k] === open) depth++;
      else if (src[k] === close && --depth === 0) break;
    }
    if (k < n && src[k] === close) j = k + 1;
  }
  while (j < n) {
    const c = src[j];
    if (SPACE.has(c) || c === "\n" || c === "|" || c === ";") break;
    if (c === "&" && src[j + 1] !== ">") break;
    if (c === "'" || c === '"') {
      const q = closingQuote(src, j, c);
      if (q !== -1) {
        j = q + 1;
        continue;
      }
    }
    if (c === "\\" && j + 1 < n && src[j + 1] !== "\n" && src[j + 1] !== "\r") {
      j += 2;
      continue;
    }
    j++;
  }
  return Math.max(j, i + 1);
}

function closingQuote(src: string, at: number, q: string): number {
  for (let k = at + 1; k < src.length; k++) {
    const c = src[k];
    if (c === "\n") return -1;
    if (c === "\\" && q === '"') {
      k++;
      continue;
    }
    if (c === q) return k;
  }
  return -1;
}

function unquote(s: string): string {
  if (s.length >= 2 && (s[0] === '"' || s[0] === "'") && s[s.length - 1] === s[0]) {
    const body = s.slice(1, -1);
    return s[0] === '"' ? body.replace(/\\(["\\$`])/g, "$1") : body;
  }
  return s;
}

function isWholeQuoted(s: string): boolean {
  if (s.length < 2) return false;
  const q = s[0];
  if (q !== '"' && q !== "'") return false;
  return closingQuote(s, 0, q) === s.length - 1;
}

function isPlaceholder(s: string): boolean {
  const close = CLOSER[s[0]];
  if (close && s[s.length - 1] === close && s.length > 2) return true;
  if (CAPS.test(s)) return true;
  if (s === "..." || s === "…" || s.endsWith("...") || s.endsWith("…")) return true;
  if (s[0] === "$" && s.length > 1) return true;
  return EMBEDDED_PLACEHOLDER.test(s);
}

/**
 * Usage synopses write optional flags in brackets: `[--hard]`, `[--otp={token}]`,
 * `[-f|--force]`, `[--output <file>]`. Each flag inside is a flag token at its own
 * offsets; the rest of the group (a value placeholder) is dropped. Every such token
 * carries a value (possibly empty) so the word after the group is never read as
 * the flag's value. Null when the group does not open with a dash (`[opt]`,
 * `[exit|enter]` stay placeholders) or holds no flag.
 */
function bracketedFlags(text: string, start: number): LexToken[] | null {
  if (text.length < 4 || text[0] !== "[" || text[text.length - 1] !== "]" || text[1] !== "-") return null;
  const out: LexToken[] = [];
  for (const m of text.slice(1, -1).matchAll(/[^\s|]+/g)) {
    const piece = m[0].replace(/\.{2,}$|…$/, "");
    const f = FLAG.exec(piece);
    if (!f || !(f[1].startsWith("--") || /^-[A-Za-z]/.test(f[1])) || f[1] === "--") continue;
    const s = start + 1 + m.index;
    out.push({ kind: "flag", text: piece, start: s, end: s + piece.length, flag: f[1], value: f[2] !== undefined ? unquote(f[2]) : "" });
  }
  return out.length > 0 ? out : null;
}

function classify(text: string, start: number, end: number): LexToken {
  if (text === "--") return { kind: "separator", text, start, end };
  if (isWholeQuoted(text)) return { kind: "quoted", text, start, end };
  const m = FLAG.exec(text);
  if (m && (m[1].startsWith("--") || /^-[A-Za-z]/.test(m[1]))) {
    const tok: LexToken = { kind: "flag", text, start, end, flag: m[1] };
    if (m[2] !== undefined) tok.value = unquote(m[2]);
    return tok;
  }
  if (isPlaceholder(text)) return { kind: "placeholder", text, start, end };
  return { kind: "word", text, start, end };
}

/**
 * What else runs one of the binaries besides its name: a package that declares
 * it, run by a package runner that fetches packages (`npx @scope/cli`,
 * `pnpm dlx`, `yarn dlx`, `bunx`, `npm exec`), and a bin file run by `node`
 * (`node ./bin/cli.js`). `packages`: package name → binary; `node`: a path as
 * the text writes it → the binary whose bin file it is, or null.
 */
export interface BinaryRunners {
  packages: ReadonlyMap<string, string>;
  node: (path: string) => string | null;
}

/**
 * Splits lexed tokens into invocations: each segment between operators whose
 * first word (after `VAR=value` prefixes) is one of `binaries`. Tokens after a
 * redirection are dropped (they name files, not arguments).
 */
export function splitInvocations(tokens: LexToken[], binaries: ReadonlySet<string>, runners?: BinaryRunners): RawInvocation[] {
  const out: RawInvocation[] = [];
  let i = 0;
  while (i < tokens.length) {
    let j = i;
    while (j < tokens.length && tokens[j].kind !== "operator") j++;
    // Segment: tokens[i, j).
    let k = i;
    // `FOO=1 BAR="a b" aw x`: environment prefixes before the binary.
    while (k < j && tokens[k].kind !== "flag" && ENV_ASSIGN.test(tokens[k].text)) k++;
    const runner = k;
    let aliased: string | null = null;
    const node = runners ? nodeRun(tokens, k, j, runners) : null;
    const init = node ? null : initializerRun(tokens, k, j, binaries, runners?.packages);
    if (node) {
      k = node.at;
      aliased = node.binary;
    } else if (init) {
      k = init.at;
      aliased = init.binary;
    } else {
      k = skipRunner(tokens, k, j, binaries, runners?.packages);
      // `npx @scope/cli`: a package that declares the binary, after a runner that fetches packages.
      if (k > runner && k < j && !binaries.has(versionless(tokens[k].text))) aliased = runners?.packages.get(versionless(tokens[k].text)) ?? null;
    }
    if (k < j) {
      const head = tokens[k];
      // After a runner the package may carry a version: `npx giget@latest`.
      const binary =
        head.kind !== "word"
          ? null
          : aliased
            ? aliased
            : binaries.has(head.text)
              ? head.text
              : k > runner && binaries.has(versionless(head.text))
                ? versionless(head.text)
                : null;
      if (binary) {
        const args: LexToken[] = [];
        // `npm create x -- --flag`: npm's first separator hands what follows to the initializer.
        let separated = !init?.npm;
        for (let t = k + 1; t < j && tokens[t].kind !== "redirect"; t++) {
          if (!separated && tokens[t].kind === "separator") separated = true;
          else args.push(tokens[t]);
        }
        const last = args.length ? args[args.length - 1] : head;
        out.push({ binary, start: head.start, end: last.end, tokens: args });
      }
    }
    i = j + 1;
  }
  return out;
}

const RUNNERS = new Set(["npx", "bunx", "pnpx"]);
const RUNNER_VERBS: Record<string, Set<string>> = {
  pnpm: new Set(["exec", "dlx"]),
  yarn: new Set(["exec", "dlx"]),
  bun: new Set(["x"]),
  npm: new Set(["exec", "x"]),
};

/**
 * Package-runner prefixes before the binary: `npx aw`, `bunx aw`,
 * `pnpm exec aw`, `pnpm dlx aw`, `yarn aw`, `pnpm aw`, `npm exec -- aw`,
 * with the runner's own flags (`npx -y aw`). Returns the index of the
 * binary's token, or `k` unchanged when no runner precedes one of `binaries`.
 */
function skipRunner(tokens: LexToken[], k: number, end: number, binaries: ReadonlySet<string>, packages?: ReadonlyMap<string, string>): number {
  const head = tokens[k];
  if (!head || head.kind !== "word" || binaries.has(head.text)) return k;
  let i = k + 1;
  // Whether the runner fetches a package by its name (`npx`, `pnpm dlx`), not only runs a local bin (`pnpm exec`, `yarn x`).
  let fetches = true;
  if (RUNNERS.has(head.text)) {
    // ok
  } else if (RUNNER_VERBS[head.text]) {
    if (tokens[i]?.kind === "word" && RUNNER_VERBS[head.text].has(tokens[i].text)) {
      fetches = tokens[i].text !== "exec" || head.text === "npm";
      i++;
    } else if (head.text === "npm" || head.text === "bun") return k;
    else fetches = false;
  } else return k;
  let named = false;
  while (i < end && (tokens[i].kind === "flag" || tokens[i].kind === "separator")) {
    // `npx -p @scope/cli tool`: the package is named apart; the word after the flags is not the command.
    if (tokens[i].kind === "flag" && /^(-p|--package)$/.test(tokens[i].flag ?? "")) named = true;
    i++;
  }
  if (i >= end || tokens[i].kind !== "word") return k;
  const word = versionless(tokens[i].text);
  if (binaries.has(tokens[i].text) || binaries.has(word)) return i;
  return fetches && !named && packages?.has(word) ? i : k;
}

/**
 * `npm create x`, `npm init x`, `yarn create x`, `pnpm create x`, `bun create x`,
 * `deno init --npm x`: the package manager runs the initializer package
 * `create-x` (`@scope/x` → `@scope/create-x`, `@scope` → `@scope/create`), not `x`.
 * The index of the package word and the binary the initializer package is, when
 * it is one of `binaries` (by name or by the package declaring it); null otherwise.
 */
function initializerRun(
  tokens: LexToken[],
  k: number,
  end: number,
  binaries: ReadonlySet<string>,
  packages?: ReadonlyMap<string, string>,
): { at: number; binary: string; npm: boolean } | null {
  const head = tokens[k];
  const verb = tokens[k + 1];
  if (!head || head.kind !== "word" || !verb || verb.kind !== "word") return null;
  const deno = head.text === "deno" && verb.text === "init";
  if (!deno && !(INITIALIZER_VERBS[head.text]?.has(verb.text) ?? false)) return null;
  let i = k + 2;
  let npmFlag = false;
  for (; i < end && tokens[i].kind === "flag"; i++) if (tokens[i].flag === "--npm") npmFlag = true;
  if (deno && !npmFlag) return null;
  if (i >= end || tokens[i].kind !== "word") return null;
  const pkg = initializerPackage(versionless(tokens[i].text));
  const binary = binaries.has(pkg) ? pkg : (packages?.get(pkg) ?? null);
  return binary ? { at: i, binary, npm: head.text === "npm" } : null;
}

const INITIALIZER_VERBS: Record<string, Set<string>> = {
  npm: new Set(["create", "init", "innit"]),
  yarn: new Set(["create"]),
  pnpm: new Set(["create"]),
  bun: new Set(["create"]),
};

const NODE_VALUE_FLAGS = /^(-[repC]|--require|--import|--loader|--experimental-loader|--eval|--print|--conditions|--input-type|--env-file|--title)$/;

/**
 * `node ./bin/cli.js …` (node's own flags before the path allowed): the index of the
 * path's token and the binary whose bin file it names; null for any other line.
 */
function nodeRun(tokens: LexToken[], k: number, end: number, runners: BinaryRunners): { at: number; binary: string } | null {
  const head = tokens[k];
  if (!head || head.kind !== "word" || (head.text !== "node" && head.text !== "nodejs")) return null;
  let i = k + 1;
  for (; i < end && tokens[i].kind === "flag"; i++) {
    // A flag whose value is the next word (`-r ./setup.js`, `--import x`), or code to run (`-e`): not a bin file run.
    if (tokens[i].value === undefined && NODE_VALUE_FLAGS.test(tokens[i].flag ?? "")) return null;
  }
  if (i >= end || tokens[i].kind !== "word") return null;
  const binary = runners.node(tokens[i].text);
  return binary ? { at: i, binary } : null;
}

/** `giget@latest` → `giget`, `@scope/cli@1.2` → `@scope/cli`; other words unchanged. */
function versionless(word: string): string {
  const at = word.lastIndexOf("@");
  return at > 0 ? word.slice(0, at) : word;
}

/** Lexes and splits in one step. */
export function parseInvocations(src: string, binaries: ReadonlySet<string>, runners?: BinaryRunners): RawInvocation[] {
  return splitInvocations(tokenizeInvocation(src), binaries, runners);
}
