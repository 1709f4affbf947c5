/**
 * jackspeak: `jack({ envPrefix, allowPositionals })` and its chain of field
 * definitions, `.flag({ bail: { short: "b" } })`, `.opt({ reporter: { short:
 * "R", hint: "name" } })`, `.num(…)`, `.flagList(…)`, `.optList(…)`,
 * `.numList(…)`, `.addFields(…)`. Each key is a root flag as written
 * (`--bail`, `-b`); `flag` fields are booleans, which jackspeak also accepts
 * as `--no-bail`; the others take a value. `heading`/`description` and the
 * rest of the chain declare nothing. jackspeak parses the program's argv
 * (`.parse()` defaults to `process.argv`); positionals are the program's to
 * dispatch, so the root takes any word.
 *
 * A function handed the program's jack (a parameter typed `Jack`) that chains
 * fields on it adds them to the root too (tap's generated plugin fields).
 *
 * Open when a field object does not evaluate (an unknown spread, a computed
 * key; a field whose definition does not evaluate keeps its name), and when code outside the chain adds fields at run time
 * (`this.jack.addFields(pluginConfig)` in a file that uses jackspeak: tap's
 * plugins): then the names the chain declares are still known.
 */
import { CLOSED, type Closure, type FlagArity, type FlagSpec, open } from "../../model/cli.js";
import { type ParsedFile, spanOf, ts } from "../code-source.js";
import { isPlainObject, openOf, Unknown } from "../evaluate/values.js";
import { type AdapterContext, type AdapterOutput, type CliAdapter, command, defineReader, excerpt, flag } from "./adapter.js";
import { names } from "./options-call.js";
import { resolveModule } from "./modules.js";
import { importedNames } from "./program-argv.js";

const PACKAGES = ["jackspeak"];
/** Chain methods that define fields, with the arity their fields take. */
const FIELDS: Readonly<Record<string, FlagArity>> = {
  flag: "boolean",
  flagList: "boolean",
  opt: "value",
  optList: "variadic",
  num: "value",
  numList: "variadic",
};

export const jackspeakReader: CliAdapter = defineReader({
  id: "jackspeak",
  docs: "jackspeak: the fields of a `jack({…})` chain (`.flag`, `.opt`, `.num` and their `…List` forms, `.addFields`) and of functions chaining on a `Jack` parameter as the root's flags, `short` names, `--no-x` for flags; fields added outside the chain open the set",
  order: 77,
  packages: PACKAGES,
  example: (pkg) => `import { jack } from "${pkg}";`,
  read: (files, ctx) => readJacks(files, ctx),
});

function readJacks(files: ParsedFile[], ctx: AdapterContext): AdapterOutput {
  const chains = new Map<ts.CallExpression, ParsedFile>();
  for (const file of files) {
    const jackNames = importedNames(file, PACKAGES, "jack");
    if (jackNames.size === 0) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && jackNames.has(n.expression.text)) chains.set(n, file);
      ts.forEachChild(n, visit);
    };
    visit(file.sf);
  }
  const added = chains.size > 0 ? outsideAdditions(ctx, chains) : null;
  // Functions handed the program's jack define fields too (`(jack: Jack<C>) => jack.heading(…).flag({…})`: tap's
  // generated plugin fields); with one `jack(…)` chain they are its own.
  const extended = chains.size === 1 ? files.flatMap((file) => jackParameterChains(file).map((root) => chainFields(file, root, ctx))) : [];
  return { commands: [...chains].map(([call, file]) => readChain(file, call, ctx, added, extended)), openings: [] };
}

/** One `jack(…)` chain → the root command, with the fields of the functions that extend it. */
function readChain(
  file: ParsedFile,
  call: ts.CallExpression,
  ctx: AdapterContext,
  added: Closure | null,
  extended: readonly { options: FlagSpec[]; flagSet: Closure }[],
): ReturnType<typeof command> {
  const span = spanOf(file, call);
  const own = chainFields(file, call, ctx);
  const options = [...own.options, ...extended.flatMap((e) => e.options)];
  let flagSet = [own, ...extended].find((e) => !e.flagSet.closed)?.flagSet ?? CLOSED;
  if (flagSet.closed && added) flagSet = added;
  return command([], span, "jackspeak", {
    options: options.map((f) => ({ ...f, inherited: true })),
    flagSet,
    isDefault: true,
    // Only `flag` fields take `--no-x` (each FlagSpec says so), not every name.
    syntax: { camelKebab: false, negateBooleans: false, dotted: false },
    via: "jackspeak",
  });
}

/** The identifiers a file's functions take typed `Jack` (imported from jackspeak, types only too), where a chain starts. */
function jackParameterChains(file: ParsedFile): ts.Identifier[] {
  const types = new Set<string>();
  for (const st of file.sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || !PACKAGES.includes(st.moduleSpecifier.text)) continue;
    const nb = st.importClause?.namedBindings;
    if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) if ((el.propertyName ?? el.name).text === "Jack") types.add(el.name.text);
  }
  if (types.size === 0) return [];
  const roots: ts.Identifier[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n)) {
      for (const p of n.parameters) {
        const t = p.type;
        if (!ts.isIdentifier(p.name) || !t || !ts.isTypeReferenceNode(t) || !ts.isIdentifier(t.typeName) || !types.has(t.typeName.text)) continue;
        const name = p.name.text;
        const body = (n as ts.FunctionLikeDeclaration).body;
        const uses = (m: ts.Node): void => {
          if (ts.isIdentifier(m) && m.text === name && ts.isPropertyAccessExpression(m.parent) && m.parent.expression === m) roots.push(m);
          ts.forEachChild(m, uses);
        };
        if (body) uses(body);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(file.sf);
  return roots;
}

/** The fields a chain defines from `root` up: `jack(…).heading(…).flag({…})…`, each link the callee of the next call. */
function chainFields(file: ParsedFile, root: ts.Expression, ctx: AdapterContext): { options: FlagSpec[]; flagSet: Closure } {
  const options: FlagSpec[] = [];
  let flagSet: Closure = CLOSED;
  for (let n: ts.Node = root; ts.isPropertyAccessExpression(n.parent) && ts.isCallExpression(n.parent.parent); n = n.parent.parent) {
    const method = n.parent.name.text;
    const link = n.parent.parent as ts.CallExpression;
    const arity = method === "addFields" ? null : FIELDS[method];
    if (arity === undefined) continue;
    const arg = link.arguments[0];
    const fields = arg ? ctx.evaluate(file, arg) : undefined;
    if (!arg || !isPlainObject(fields) || openOf(fields)) {
      if (flagSet.closed) flagSet = open(`the fields of \`.${method}(…)\` do not evaluate: \`${excerpt(arg?.getText(file.sf) ?? "")}\``, spanOf(file, link));
      continue;
    }
    for (const [name, spec] of Object.entries(fields)) {
      // A field whose definition does not evaluate keeps its name; its short names are not known, so the set is open.
      const o = isPlainObject(spec) && !openOf(spec) ? spec : null;
      const short = o === null ? null : names(o.short);
      if (o === null || short === null) {
        const why =
          o === null
            ? `the definition of \`${name}\` does not evaluate${spec instanceof Unknown ? ` (${spec.unknown})` : ""}`
            : `the short name of \`${name}\` does not evaluate`;
        if (flagSet.closed) flagSet = open(why, spanOf(file, link));
        const f = flag([`--${name}`], { arity: arity ?? "optional", negatable: arity === "boolean", span: spanOf(file, link) });
        if (f) options.push(f);
        continue;
      }
      // addFields: `{ type: "boolean" | "string" | "number", multiple }`.
      const a: FlagArity = arity ?? (o.type === "boolean" ? "boolean" : o.multiple === true ? "variadic" : "value");
      const f = flag([`--${name}`, ...short.map((s) => `-${s}`)], { arity: a, negatable: a === "boolean", span: spanOf(file, link) });
      if (f) options.push(f);
    }
  }
  return { options, flagSet };
}

/**
 * `x.addFields(…)` outside every chain, in a file that uses jackspeak or imports a module declaring a chain: fields
 * added at run time (plugins' options), so the set is open.
 */
function outsideAdditions(ctx: AdapterContext, chains: ReadonlyMap<ts.CallExpression, ParsedFile>): Closure | null {
  const chainFiles = new Set(chains.values());
  const importsChain = (file: ParsedFile) =>
    file.sf.statements.some((st) => {
      if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) return false;
      const target = resolveModule(ctx.all, file, st.moduleSpecifier.text);
      return target !== null && chainFiles.has(target);
    });
  for (const site of ctx.calls.get("addFields") ?? []) {
    if (!site.file.text.includes("jackspeak") && !importsChain(site.file)) continue;
    let n: ts.Node = site.call.expression;
    while (ts.isPropertyAccessExpression(n) || ts.isCallExpression(n)) n = ts.isPropertyAccessExpression(n) ? n.expression : n.expression;
    const root = n.parent && ts.isCallExpression(n.parent) ? n.parent : null;
    if (root && chains.has(root)) continue;
    const at = spanOf(site.file, site.call);
    return open(`fields are added at run time (\`${excerpt(site.call.getText(site.file.sf))}\` at ${at.file}:${at.line})`, at);
  }
  return null;
}

export default jackspeakReader;
