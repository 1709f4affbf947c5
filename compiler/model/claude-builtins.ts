/**
 * Claude Code's built-in commands and bundled skills: what a bare `/name`
 * may mean when no plugin of the project defines it. Taken from the Claude
 * Code command reference, https://code.claude.com/docs/en/commands (read in
 * its de and zh-CN versions), the earlier slash-commands page
 * https://docs.anthropic.com/en/docs/claude-code/slash-commands, and the
 * plugin command reference https://code.claude.com/docs/en/plugins/cli-reference
 * (`/plugin`, `/reload-plugins`). A fixed list: a built-in added later is one
 * name here; a name missing from it is never an error (bare names stay unjudged).
 */
export const CLAUDE_CODE_BUILTINS: ReadonlySet<string> = new Set([
  "/add-dir",
  "/agents",
  "/background",
  "/batch",
  "/branch",
  "/btw",
  "/bug",
  "/chrome",
  "/clear",
  "/color",
  "/compact",
  "/config",
  "/context",
  "/copy",
  "/cost",
  "/debug",
  "/desktop",
  "/diff",
  "/doctor",
  "/effort",
  "/feedback",
  "/help",
  "/init",
  "/login",
  "/logout",
  "/mcp",
  "/memory",
  "/model",
  "/new",
  "/permissions",
  "/plan",
  "/plugin",
  "/pr_comments",
  "/reload-plugins",
  "/remote-control",
  "/reset",
  "/resume",
  "/review",
  "/rewind",
  "/security-review",
  "/settings",
  "/simplify",
  "/status",
  "/tasks",
  "/teleport",
  "/terminal-setup",
  "/upgrade",
  "/vim",
]);
