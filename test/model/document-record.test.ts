/**
 * Records (compiler/model/document-record.ts): a proposal or a historical page is told by its folder, its title, or
 * what its opening says; an ordinary page (a draft version of a spec, a command page showing a template) is none.
 */
import { describe, expect, test } from "vitest";
import { recordWhy } from "../../compiler/model/document-record.js";

describe("recordWhy", () => {
  test("a folder of proposals or records", () => {
    expect(recordWhy("seps/1686-tasks.md", "SEP-1686: Tasks", null, "")).toBe("it is kept under seps/, a folder of proposals or records");
    expect(recordWhy("docs/adr/0001-x.md", "Use Postgres", null, "")).toMatch(/under adr\//);
    expect(recordWhy("docs/archive/old.md", "Old guide", null, "")).toMatch(/under archive\//);
  });

  test("a proposal or decision whose status says it is in force describes the live system: no record", () => {
    const adr = "# ADR 0135 — Capability Firewall\n\n**Status:** implemented — all 4 phases (2026-06-24)\n";
    expect(recordWhy("docs/adr/0135-capability-firewall.md", "ADR 0135 — Capability Firewall", null, adr)).toBeNull();
    expect(recordWhy("docs/adr/0002-x.md", "Use queues", null, "# Use queues\n\n| Status | Accepted |\n")).toBeNull();
    expect(recordWhy("rfcs/7-x.md", "RFC 7", "status: active", "")).toBeNull();
    // A final proposal is the record of what was decided then; an archive folder is the past whatever its status.
    expect(recordWhy("seps/1-x.md", "SEP-1: X", null, "# SEP-1: X\n\n- Status: Final\n")).toMatch(/under seps\//);
    expect(recordWhy("docs/archive/adr-1.md", "Old", null, "# Old\n\nStatus: accepted\n")).toMatch(/under archive\//);
  });

  test("a title opening with a proposal's id, in front matter or the first heading", () => {
    expect(recordWhy("docs/tasks.mdx", null, 'title: "SEP-1686: Tasks"', "")).toBe("its title names a proposal (SEP-1686: Tasks)");
    expect(recordWhy("docs/x.md", "RFC 42 — streaming", null, "# RFC 42 — streaming\n")).toMatch(/its title names a proposal/);
  });

  test("an opening that declares the page historical, superseded or not in force", () => {
    const sep = "# Tasks\n\n> This SEP is preserved as a historical record of the experimental tasks feature.\n";
    expect(recordWhy("docs/tasks.md", "Tasks", null, sep)).toBe('it says so: "preserved as a historical record"');
    expect(recordWhy("docs/v1.md", "V1", null, "# V1\n\nThis document has been superseded by [v2](v2.md).\n")).toMatch(/superseded/);
    expect(recordWhy("docs/p.md", "Streaming", null, "# Streaming\n\n- **Status**: Withdrawn\n")).toBe("its status is withdrawn");
  });

  test("a bold capitals banner in the opening: the page's own word for what it is, in English or a Romance language", () => {
    const es = "# Guía de artefactos\n\n> ⚠️ **HISTÓRICO (pre-rediseño).** Describe el sistema viejo. Se conserva como registro.\n";
    expect(recordWhy("docs/guia.md", "Guía de artefactos", null, es)).toBe('its banner says so: "HISTÓRICO"');
    expect(recordWhy("docs/old.md", "Old", null, "# Old\n\n**ARCHIVED** — see the new guide.\n")).toBe('its banner says so: "ARCHIVED"');
    expect(recordWhy("docs/v1.md", "V1", null, "# V1\n\n> **DEPRECATED:** use v2.\n")).toMatch(/DEPRECATED/);
    // Emphasis in running prose, a lower-case bold word, a banner past the opening: an ordinary page.
    expect(recordWhy("docs/a.md", "A", null, "# A\n\nThe **historical** data is kept in `logs/`.\n")).toBeNull();
    expect(recordWhy("docs/b.md", "B", null, "# B\n\nSee the **Historical** view.\n")).toBeNull();
    expect(recordWhy("docs/c.md", "C", null, "# C\n\nThis release removed the **DEPRECATEDX** flag.\n")).toBeNull();
    expect(recordWhy("docs/d.md", "D", null, `# D\n${"text\n".repeat(60)}> **HISTORICAL**\n`)).toBeNull();
  });

  test("ordinary pages are none: a draft version's folder, a template's status in a fence, records mentioned later", () => {
    expect(recordWhy("docs/specification/draft/index.mdx", "Specification", null, "# Specification\n")).toBeNull();
    expect(recordWhy("commands/spec-new.md", "spec-new", null, "# spec-new\n\nWrites:\n\n```yaml\nstatus: draft\n```\n")).toBeNull();
    const late = "# Guide\n" + "text\n".repeat(60) + "This document is archived.\n";
    expect(recordWhy("docs/guide.md", "Guide", null, late)).toBeNull();
    expect(recordWhy("docs/releases-guide.md", "Releasing", null, "# Releasing\n\nSee the history of each release.\n")).toBeNull();
    expect(recordWhy("docs/blogging.md", "Blogging", null, "# Blogging\n")).toBeNull();
  });

  test("a changelog, release notes, a dated file name and a blog's posts are records", () => {
    expect(recordWhy("docs/history.md", "Changelog", null, "# Changelog\n")).toMatch(/changelog or release notes/);
    expect(recordWhy("docs/RELEASE-NOTES.md", null, null, "")).toMatch(/changelog or release notes/);
    expect(recordWhy("docs/plans/2025-11-28-tasks.md", null, null, "")).toMatch(/dated in its file name/);
    expect(recordWhy("docs/src/content/docs/blog/v12-rc-1.mdx", "Mocha 12", null, "")).toBe("it is kept under blog/, dated posts");
    expect(recordWhy("_posts/welcome.md", null, null, "")).toBe("it is kept under _posts/, dated posts");
  });
});
