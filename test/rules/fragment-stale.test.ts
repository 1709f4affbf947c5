import { regionSha } from "../../compiler/emit/region-content.js";
import rule from "../../compiler/rules/fragment/stale.js";
import { tester } from "../helpers/rule-tester.js";

const NOTE = "> **Retries are not this document's call:** `aw retry` decides.\n\n";
const TABLE = ["| Document | Decision | Decided by |", "| - | - | - |", "| [README.md](#notes) | Retries | `aw retry` |", ""].join("\n");
const region = (content: string, end = `<!-- docpact:end sha=${regionSha(content)} -->`) =>
  `# Notes\n\n${NOTE}<!-- docpact:begin delegations -->\n${content}${end}\n`;
const pkg = { "package.json": { name: "x", bin: { aw: "cli.js" } } };

tester.run(rule, {
  valid: [
    { name: "a fresh region", files: { ...pkg, "README.md": region(TABLE) } },
    { name: "a fresh region in a CRLF document", files: { ...pkg, "README.md": region(TABLE).replace(/\n/g, "\r\n") } },
    { name: "no regions", files: { ...pkg, "README.md": "# Notes\n" } },
    { name: "a hand-edited region is not also reported stale", files: { ...pkg, "README.md": region(TABLE).replace("Retries |", "Retries (edited) |") } },
  ],
  invalid: [
    {
      name: "content that differs from the rendered template, with a short diff",
      files: { ...pkg, "README.md": region("_No delegation notes._\n") },
      errors: [
        {
          messageId: "stale",
          data: { template: "delegations", changed: 4, lines: "lines" },
          line: 5,
          column: 1,
          note: [
            "run `docpact build` to regenerate it; the change:",
            "    -_No delegation notes._",
            "    +| Document | Decision | Decided by |",
            "    +| - | - | - |",
            "    +| [README.md](#notes) | Retries | `aw retry` |",
          ].join("\n"),
        },
      ],
    },
    {
      name: "up-to-date content whose end marker lacks the hash",
      files: { ...pkg, "README.md": region(TABLE, "<!-- docpact:end -->") },
      errors: [
        {
          messageId: "noSha",
          message: "region delegations is up to date but its end marker has no sha=",
          suggestion: "run `docpact build` to record the hash",
        },
      ],
    },
    {
      name: "up-to-date content whose end marker records another hash",
      files: { ...pkg, "README.md": region(TABLE, "<!-- docpact:end sha=00000000 -->") },
      errors: [{ messageId: "wrongSha", data: { template: "delegations", sha: "00000000" } }],
    },
  ],
});
