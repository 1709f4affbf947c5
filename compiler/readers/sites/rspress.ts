/**
 * Rspress: `rspress.config.*` read statically for `root`, `base`, `lang`, `locales`, `route`
 * (`extensions`, `exclude`, `excludeConvention`, `include`), `multiVersion` and the link plugin's
 * `markdown.link` options. A value that is not a literal leaves what it sets unknown: the whole
 * site when it decides where pages are or which routes they get.
 */
import type { Site } from "../../model/types.js";
import { RSPRESS_DEFAULTS, type RspressSettings } from "../../model/routes/rspress.js";
import { ts } from "../code-source.js";
import { loadSiteConfig, stringsAt } from "./config-object.js";
import { emptySite, joinDir, normalizeBase, type SiteInput } from "./types.js";

export function read(input: SiteInput): Site {
  const site = emptySite("rspress", input, joinDir(input.siteRoot, "docs"));
  const s: RspressSettings = { ...RSPRESS_DEFAULTS };
  const cfg = loadSiteConfig(input, site);
  if (cfg) {
    const top = cfg.exported();
    const unknown = (reason: string) => {
      site.unreadable ??= reason;
    };
    if (top.kind === "unknown") unknown(top.reason);
    const root = cfg.string(cfg.prop(top, "root"));
    if (root.kind === "unknown") unknown(root.reason);
    else if (root.kind === "value") site.srcDir = joinDir(input.siteRoot, root.value);
    const base = cfg.string(cfg.prop(top, "base"));
    if (base.kind === "value") site.base = normalizeBase(base.value);
    else if (base.kind === "unknown") unknown(base.reason);
    const lang = cfg.string(cfg.prop(top, "lang"));
    if (lang.kind === "value") s.lang = lang.value;
    else if (lang.kind === "unknown") unknown(lang.reason);
    const own = cfg.prop(top, "locales");
    const langs = stringsAt(cfg, own.kind === "absent" ? cfg.path(top, ["themeConfig", "locales"]) : own, "lang");
    if (langs.kind === "unknown") unknown(langs.reason);
    else s.langs = langs.value;
    const route = cfg.prop(top, "route");
    for (const [key, into] of [
      ["extensions", "extensions"],
      ["exclude", "exclude"],
    ] as const) {
      const v = stringsAt(cfg, cfg.prop(route, key));
      if (v.kind === "unknown") unknown(v.reason);
      else if (v.present) s[into] = key === "exclude" ? [...v.value, ...s.exclude] : v.value;
    }
    const convention = stringsAt(cfg, cfg.prop(route, "excludeConvention"));
    if (convention.kind === "unknown") unknown(convention.reason);
    else if (convention.present) s.exclude = [...s.exclude.filter((p) => !RSPRESS_DEFAULTS.exclude.includes(p)), ...convention.value];
    // Pages from elsewhere, or served per version: routes not listed with certainty.
    if (cfg.prop(route, "include").kind !== "absent" || cfg.prop(top, "multiVersion").kind !== "absent") site.partialRoutes.push("");
    const link = cfg.path(top, ["markdown", "link"]);
    const autoPrefix = cfg.value(cfg.prop(link, "autoPrefix"));
    if (autoPrefix.kind === "value") s.autoPrefix = autoPrefix.value !== false;
    else if (autoPrefix.kind === "unknown") unknown(autoPrefix.reason);
    const dead = cfg.prop(link, "checkDeadLinks");
    if (dead.kind === "expr" && ts.isObjectLiteralExpression(dead.expr)) {
      const excludes = stringsAt(cfg, cfg.prop(dead, "excludes"));
      if (excludes.kind === "value") s.deadLinkExcludes = excludes.value;
      // A function deciding which URLs its check skips: any missing one may be a file the build writes.
      else site.partialRoutes.push("");
    }
  }
  site.settings = s;
  site.assetDirs = [joinDir(site.srcDir, "public")];
  return site;
}
