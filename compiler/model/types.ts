/**
 * The shapes that flow through the pipeline: reader outputs (one per input
 * file, plain JSON so they can be cached by content hash), and the linked
 * contract model that rules and emitters read.
 */
import type { Span } from "./diagnostic.js";
import type { ResolvedConfig } from "../config/types.js";

// ───────────────────────────── Markdown ─────────────────────────────

export interface Heading {
  depth: number;
  /** Plain text: inline code and emphasis by their text. */
  text: string;
  /** GitHub-style anchor, de-duplicated within the document (`x`, `x-1`, …). */
  slug: string;
  /** The text without inline HTML, when that differs (`## input <Badge />` → `input`): what site generators slug. */
  idText?: string;
  /** GitHub's id keeping the space a dropped tag left at an end (`## Foo <a name="x"></a>` → `foo-`), when that differs from `slug`. */
  slugAlt?: string;
  span: Span;
  /** The option names its text opens with, written without backticks (`#### -p, --port \`<port>\``): read as a flag code of the heading. */
  options?: { value: string; span: Span; valueOffset: number };
}

export interface MdLink {
  kind: "link" | "image" | "definition";
  url: string;
  /** Plain text of the link label (empty for definitions). */
  text: string;
  span: Span;
  /** Written with a site generator's template (Jekyll's `{{ '/x/' | relative_url }}`, `{% link x.md %}`; Hugo's `{{< ref "x.md" >}}`): `url` is what it names. */
  template?: "relative_url" | "absolute_url" | "link" | "post_url" | "ref" | "relref";
  /** Written as raw HTML (`<a href="…">`, `<img src="…">`). */
  html?: true;
  /** Inside a section another tool writes (all-contributors' list): its links are the tool's, not judged. */
  toolSection?: "all-contributors";
  /** VuePress's and VitePress's code import, `@[code ts](./x.ts)`: `url` is a file the Markdown plugin reads, not a link. */
  codeImport?: true;
}

export interface InlineCode {
  value: string;
  span: Span;
  /** Offset of the first character of `value` in the text (after the backticks). */
  valueOffset: number;
  /** The code opens a list item or a table cell (an entry of an option list or table). */
  lead?: true;
  /** The code is followed by ` of ` or ` for ` and another code (`` `--x` of `tool cmd` ``). */
  ofNext?: true;
  /**
   * For a code that looks like a flag (`--x`, `-x`): the block it sits in (its
   * paragraph, table cell or heading) and that block's plain text, the context a
   * rule ties the flag to a binary by.
   */
  block?: { span: Span; text: string };
}

export interface CodeBlock {
  lang: string | null;
  value: string;
  span: Span;
}

export type InvocationTokenKind = "word" | "flag" | "placeholder" | "quoted" | "separator";

export interface InvocationToken {
  kind: InvocationTokenKind;
  /** Raw text of the token as written. */
  text: string;
  /** For flags: the name with its dashes (`--json`, `-f`); `--flag=value` gives `--flag`. */
  flag?: string;
  /** For flags written `--flag=value`: the value. */
  value?: string;
  span: Span;
}

/** A CLI invocation named in prose: `aw flow advance --json`. */
export interface Invocation {
  raw: string;
  binary: string;
  /** Tokens after the binary, in order. A `separator` (`--`) ends flag parsing. */
  tokens: InvocationToken[];
  source: "inline" | "fence";
  span: Span;
}

/** "**X is not this document's call:** … decided by the CLI (`aw flow advance`)" */
export interface DelegationNote {
  /** Stable id: `<file>#<slug of subject>` (suffixed `-2`, … when a file repeats a subject). */
  id: string;
  file: string;
  /** The strong text before `is`/`are` and the marker. */
  subject: string;
  /** The marker text that matched. */
  marker: string;
  /** Plain text of the whole note paragraph(s). */
  text: string;
  owners: Invocation[];
  span: Span;
  /** The opening strong text (`**… is not this document's call:**`): where diagnostics about the note point. */
  headSpan: Span;
}

/** A `<!-- docpact:begin … -->` … `<!-- docpact:end -->` fragment. */
export interface Region {
  template: string;
  args: Record<string, string>;
  /** Offsets in the document text: begin marker start/end, end marker start/end. */
  beginStart: number;
  beginEnd: number;
  endStart: number;
  endEnd: number;
  /** `sha=` recorded in the end marker, if any. */
  sha: string | null;
  /** From the start of the begin marker to the end of the end marker (line/column = the begin marker). */
  span: Span;
}

export interface RegionProblem {
  message: string;
  span: Span;
}

/** `[x](doc.md) § *Heading*` — a reference to a section by name. */
export interface SectionRef {
  /** The target path as written (link url without fragment, or backticked path). */
  target: string;
  section: string;
  span: Span;
}

/** An explicit `<a id="x">` / `<a name="x">` anchor. */
export interface HtmlAnchor {
  id: string;
  span: Span;
}

/** `<!-- docpact-disable-next-line RULE -->`, `<!-- docpact-disable-line RULE -->` (its own lines), `<!-- docpact-disable RULE -->`, `<!-- docpact-enable RULE -->`. */
export interface Suppression {
  kind: "next-line" | "line" | "disable" | "enable";
  rules: string[];
  span: Span;
}

export interface MarkdownDoc {
  file: string;
  /** The raw YAML of a leading front matter block (parsed where it routes: compiler/util/front-matter.ts); null when there is none. */
  frontMatter: string | null;
  bom: boolean;
  eol: "\n" | "\r\n";
  headings: Heading[];
  anchors: HtmlAnchor[];
  links: MdLink[];
  /** Inline code in prose (never inside fenced blocks). */
  inlineCodes: InlineCode[];
  codeBlocks: CodeBlock[];
  invocations: Invocation[];
  notes: DelegationNote[];
  sectionRefs: SectionRef[];
  regions: Region[];
  regionProblems: RegionProblem[];
  suppressions: Suppression[];
}

// ───────────────────────────── Schemas ─────────────────────────────

/** Where a JSON value sits: the key (for object members) and the value. */
export interface JsonLocation {
  key?: Span;
  value: Span;
  /** Offsets of the value in the text. */
  start: number;
  end: number;
}

export interface SchemaRef {
  /** JSON pointer of the `$ref` keyword's object. */
  pointer: string;
  ref: string;
  span: Span;
}

export interface JsonProblem {
  message: string;
  span: Span;
}

/** JSON Schema dialects docpact understands (`$schema`); a missing `$schema` means draft-07. */
export type { SchemaDialect } from "../util/schema-dialect.js";
import type { SchemaDialect } from "../util/schema-dialect.js";

/** The reader's view of one schema file: parsed value with positions, plus what it declares. Plain data (cacheable). */
export interface SchemaDoc {
  file: string;
  /** Undefined when the text is not valid JSON (see `problems`). */
  value?: unknown;
  /** JSON pointer → location of every value. */
  locations: Record<string, JsonLocation>;
  /** JSON syntax problems (and a non-object root). */
  problems: JsonProblem[];
  /** `$schema` as written, or null when absent. */
  schemaUri: string | null;
  /** Known dialect, or null when `$schema` names something docpact does not support (an unknown URI). */
  dialect: SchemaDialect | null;
  /** Root `$id` (draft-04: `id`) as written, or null. */
  id: string | null;
  /** Every `$ref`, in document order. */
  refs: SchemaRef[];
  /** Every `$id` (draft-04: `id`) below the root (pointer → as written), for base-URI changes. */
  nestedIds: { pointer: string; id: string }[];
  /** `$anchor`s (2019-09+) and `$id: "#name"` anchors (draft-04 `id`, draft-06/07): pointer of the schema object → name. */
  anchors: { pointer: string; name: string }[];
  vocabularies: Vocabulary[];
  /** Backticked tokens in `description`, `title` and `$comment` strings. */
  terms: Term[];
}

/** One instance file (config `instances`) to validate against a schema. */
export interface InstanceDoc {
  file: string;
  /** The schema path as configured (relative to the root, `/`). */
  schema: string;
  value?: unknown;
  locations: Record<string, JsonLocation>;
  problems: JsonProblem[];
}

// ───────────────────────────── Vocabularies ─────────────────────────────

export interface VocabularyMember {
  value: string;
  deprecated: boolean;
  /** For deprecated members: the canonical member that replaces it. */
  replacedBy?: string;
  span: Span;
}

export interface Vocabulary {
  /** `schemas/x.schema.json#/$defs/eventType` or `code:src/events.ts#RUN_EVENTS`. */
  id: string;
  kind: "schema" | "code";
  file: string;
  /** JSON pointer (schema) or declaration name (code). */
  name: string;
  members: VocabularyMember[];
  span: Span;
  /** Explicit mirror link (`@docpact-mirror` or config `vocabularies`): the id of the schema vocabulary. */
  mirrors?: string;
  /**
   * A schema file (root-relative, with a `#pointer` when the comment gives one) that a leading comment of the code list says it
   * mirrors ("Mirrored from schemas/run-event.schema.json"): a declared mirror, judged both ways, when a schema vocabulary there shares members.
   */
  mirrorsFile?: string;
  /**
   * Old names that are no members but are declared renamed (config `vocabularies[].aliases` or a mapping
   * file): deprecated, with the member that replaces them. Set by the link stage.
   */
  aliases?: VocabularyMember[];
  /** Names declared removed without a replacement (config `retired`, or a mapping file's `null`). Set by the link stage. */
  retired?: VocabularyMember[];
  /**
   * A code union written inline as a property's type (`kind: "a" | "b"` in an interface): the property's name.
   * Such a union only serves as a candidate mirror of a schema vocabulary at `…/properties/<name>`; terms are never matched against it.
   */
  property?: string;
}

/** Renames and retirements declared outside the schema (config `vocabularies`, mapping files), read in the read stage. */
export interface VocabularyDeclaration {
  /** The schema vocabulary's id as configured (`x.schema.json#/pointer`), root-relative. */
  schema: string;
  aliases: { from: string; to: string; span: Span }[];
  retired: { value: string; span: Span }[];
}

/** A backticked token in prose or a schema description. */
export interface Term {
  value: string;
  span: Span;
  /** Offset of the token in its file's text, for fixes. */
  offset: number;
}

// ───────────────────────────── Code ─────────────────────────────

export type { BinarySurface, CommandDecl, CommandSurface, FlagSpec, Closure, PositionalSpec, FlagSyntax } from "./cli.js";
import type { BinarySurface, CommandSurface } from "./cli.js";

/** A package.json binary followed from its entry file: the source files its relative imports reach (the entry among them), sorted. */
export interface BinClosure {
  binary: string;
  entry: string;
  files: string[];
  /** The folder of the package.json declaring the binary, root-relative ("" for the root's); absent in models built by hand. */
  package?: string;
}

export interface CodeProblem {
  message: string;
  span: Span;
}

/**
 * An input that was not read. Without `kind` it could not be read at all
 * (`input/unreadable`); otherwise it was refused: past a size or depth limit
 * (`input/too-large`), a link leaving the root (`input/outside-root`), or not
 * a regular file (`input/special-file`).
 */
export interface InputProblem extends CodeProblem {
  kind?: "too-large" | "outside-root" | "special-file";
}

// ───────────────────────────── Sites ─────────────────────────────

export type { SiteGenerator } from "../config/types.js";

/** One documentation site, as its generator's config says (read statically, never executed). */
export interface Site {
  generator: import("../config/types.js").SiteGenerator;
  /** Folder of the site (where its generator config lives), root-relative; `""` is the root. */
  root: string;
  /** Folder of its pages, root-relative. */
  srcDir: string;
  /** URL path it is served under, with leading and trailing `/`. */
  base: string;
  /** Folders whose files are served at the site's root URL (`public/`, `static/`), root-relative. */
  assetDirs: string[];
  /** Where the site came from: `config`, or the generator config file that was detected. */
  source: string;
  /** Why routes cannot be known with certainty (an unreadable config, dynamic rewrites); null when they can. */
  unreadable: string | null;
  /** Route prefixes (no leading or trailing `/`) whose pages docpact cannot list: blog posts, versions, locales, plugin routes. `""` covers every route. */
  partialRoutes: string[];
  /** A site whose generator is not modelled (`unknown`): the file (or front matter, or setting) that marked it. */
  marker?: string;
  /** Why heading ids are unknown (a custom slug function); null when the generator's own slugger applies. */
  slugsUnknown: string | null;
  /** Why links may be rewritten at build: the project's own markdown plugins the generator config registers touch link URLs. A link naming no page is then not judged. */
  linksRewritten?: string;
  /**
   * Why the built pages' links are rewritten by an output transform of the config (Eleventy's `addTransform` writing
   * `href`s): a `.md` link whose file is gone while a template of another language with its name is there
   * (`cli.md` → `cli.11ty.js`) may be mapped to that page, so it is not judged; a link whose page is gone is.
   */
  linksTransformed?: string;
  /** Generator specifics: Docusaurus docs plugin instances (content folder → route base). */
  docsInstances?: { path: string; routeBasePath: string }[];
  /** Docusaurus pages / Astro pages / Nextra `pages` or `app` folders, root-relative. */
  pageDirs?: string[];
  /** Of those, folders whose pages are served under a route prefix (Nextra 4's content folder under `contentDirBasePath`): folder → prefix without slashes. */
  pagePrefixes?: Record<string, string>;
  /** VitePress `rewrites` as a static map (source page → served page, both relative to srcDir). */
  rewrites?: Record<string, string>;
  /** Jekyll pages' `permalink` front matter: file → route key. */
  permalinks?: Record<string, string>;
  /** Jekyll collections with `output: true` (folder names without the `_`). */
  collections?: string[];
  /** A regular expression (source) over route keys: routes matching it are made at build time and not listed (Jekyll posts' dated URLs). */
  partialPattern?: string;
  /** Starlight locales (URL prefixes) and the default one (`""`: the root locale): a page missing in a locale is served from the default. */
  localeFallback?: { locales: string[]; fallback: string };
  /**
   * Translation trees of the site (fastapi's `docs/es/docs` beside `docs/en/docs`): a folder beside the site's
   * folder, named as a language, whose pages all sit at the same relative paths as pages of `srcDir`. A page there
   * is served at `<prefix>/<route>`; a page or file it lacks is the default language's (the build copies the
   * default tree and lays the translation over it).
   */
  translations?: {
    dir: string;
    prefix: string;
    /** The translation's own config file, which only extends the site's: it builds the tree alone, so whether a page it lacks falls back to the default language is not known. */
    config?: string;
  }[];
  /** The generator config file read for the site (root-relative), when there is one; `source` names the config setting instead when `sites` is configured. */
  configFile?: string;
  /** The config file (root-relative) this site's config inherits (MkDocs `INHERIT`). */
  inherits?: string;
  /**
   * Paths the repository's `.gitignore` files ignore, as root-relative globs in file order (`negate`: a `!` line;
   * `dirOnly`: a trailing `/`), with the file each came from: made at build time, so a link into one is not judged.
   */
  gitignored?: IgnoreRule[];
  /** MkDocs redirect_maps keys / extra routes that exist (relative to srcDir, `.md`). */
  extraPages?: string[];
  /** Files of asset folders discover does not list (VuePress's `.vuepress/public/`), root-relative: served at the root URL. */
  assetFiles?: string[];
  /** Why the URL path the site is served under is not known (Eleventy's `pathPrefix` computed at build time): a root-absolute link that names no page is then not judged. */
  baseUnknown?: string;
  /** Folders under the site whose files are not pages (Eleventy's includes, layouts, data and output folders), root-relative. */
  nonPageDirs?: string[];
  /** Files and folders of the source the generator leaves out of the build (Jekyll's `exclude`), root-relative: no page of the site, read as GitHub renders them. */
  excluded?: string[];
  /** Pages whose route is not known (a computed or paginated permalink) or that have none (`permalink: false`), root-relative. */
  unroutedPages?: string[];
  /** Ids the generator gives a page's elements other than its headings (Goldmark's definition terms, `{#id}` under a block), by page file. */
  pageIds?: Record<string, string[]>;
  /** Ids every page may carry from the site's layouts and includes (`<h2 id="further-reading">`). */
  layoutIds?: string[];
  /** Why the layouts may add ids docpact cannot list (an id written from data): a fragment no heading has is then not judged. */
  layoutAnchors?: string;
  /** A generator's own settings, read from its config by its reader, for its descriptor alone (Docsify's `relativePath`, `alias`). */
  settings?: Readonly<object>;
}

// ───────────────────────────── Model ─────────────────────────────

export interface FileCounts {
  docs: number;
  schemas: number;
  code: number;
}

/**
 * The contract model's data: what the read stage produced, linked. The model the rules see,
 * ContractModel (compiler/model/contract-model.ts), is this plus the indexes the link stage builds
 * over it; modules the indexes are made of take this type, so the types have no cycle.
 */
/** One `.gitignore` line as a root-relative glob (`negate`: a `!` line; `dirOnly`: a trailing `/`), with its file. */
export interface IgnoreRule {
  glob: string;
  negate: boolean;
  dirOnly: boolean;
  file: string;
}

export interface ModelData {
  root: string;
  config: ResolvedConfig;
  binaries: string[];
  docs: MarkdownDoc[];
  /** Every file path (relative, `/`) the discover stage found on disk, for reference checks. */
  files: string[];
  surface: CommandSurface;
  codeProblems: CodeProblem[];
  /** Files that matched the config but could not be read, or were refused (see InputProblem). */
  readProblems: InputProblem[];
  vocabularies: Vocabulary[];
  /** Every schema in scope (config `schemas`), sorted by path. */
  schemas: SchemaDoc[];
  /** Instance files from config `instances` (see compiler/readers/schema-instances.ts). */
  instances: InstanceDoc[];
  /** Files currently under `generate.outDir` (path relative to the root → text), for `generated/stale`; empty when generation is off. */
  generatedOnDisk: Record<string, string>;
  /** Text (BOM removed) of every document and schema read, by path. */
  texts: Map<string, string>;
  counts: FileCounts;
  /** The code files in scope (config `code`), sorted; absent in models built by hand. */
  codeFiles?: readonly string[];
  /** Each package.json binary followed from its entry (discover.ts): the files its imports reach; absent when none was followed. */
  binClosures?: readonly BinClosure[];
  /**
   * Where the binaries' entries read apart (each reaches its own command files, every command file is reached):
   * each group's own surface, its mentions judged against it (`surface` stays the union); absent otherwise.
   */
  binarySurfaces?: readonly BinarySurface[];
  /** Names declared in code (declarations, parameters, properties), sorted: a term equal to one names code, not a vocabulary member. */
  codeIdentifiers: string[];
  /** Of those, the ones declared only under folders that could name a version: name → those folders (readers/code.ts). */
  codeIdentifierVersions?: Record<string, string[]>;
  /** Code files with a default export, sorted: what a generated registry (config `generate.registries`) lists. */
  defaultExports: string[];
  /** Renames and retirements from config `vocabularies` and mapping files (already applied to `vocabularies`). */
  vocabularyDeclarations: VocabularyDeclaration[];
  /** The decision registry (config `decisions`), read in the read stage; null when not configured. */
  decisions: import("./decisions.js").DecisionRegistry | null;
  /**
   * Headings and anchors of the documents whose regions build rewrites, as
   * build writes them: fragments are judged against what the documents will
   * say, so a heading a region creates is not a missing anchor. Set after
   * planning; a document is parsed only when a fragment into it is judged,
   * and one whose rewritten regions can hold no heading or anchor keeps its
   * current ones (their spans then are the current text's; only ids are read).
   */
  planned?: { get(file: string): Pick<MarkdownDoc, "headings" | "anchors"> | undefined };
  /** Documentation sites (config `sites`, or detected), outermost first; documents outside all render as on GitHub. */
  sites: Site[];
  /**
   * The repository's `.gitignore` rules over the files GitHub renders (the root's and every listed folder's), outer
   * files first: a link from a document outside every site into an ignored path is not judged. Absent: none read.
   */
  gitignored?: IgnoreRule[];
  /** Paths the git history deleted or renamed (compiler/git/history.ts); null or absent without git. */
  history?: import("./history.js").GitHistory | null;
  /** The agent skill bundle: skills, slash commands, their arguments and the documents' mentions (compiler/readers/skills); null or absent when none was read. */
  skills?: import("./skills.js").SkillBundle | null;
  /** The package names of the project's package.json files (compiler/readers/packages.ts); null or absent when not read. */
  packages?: import("./packages.js").PackageNames | null;
}
