import rule from "../../compiler/rules/cli/unknown-flag.js";
import { tester } from "../helpers/rule-tester.js";
import { cliProject, lineOf } from "./cli-project.js";

const at = (i: number, column: number) => ({ line: lineOf(i), column });

tester.run(rule, {
  valid: [
    {
      name: "own flags, the program's flags anywhere, help and version, =value, short clusters, after `--`",
      files: cliProject([
        "aw flow advance --json",
        "aw flow status --dry-run -n",
        "aw flow reset --hard --json",
        "aw session --verbose --code=abc",
        "aw session --session <id>",
        "aw flow advance --help",
        "aw -h",
        "aw session --version",
        "aw tar -rf",
        "aw flow advance -- --anything",
      ]),
    },
    { name: "an unknown command is cli/unknown-command's to report, not its flags", files: cliProject(["aw bogus --nope"]) },
  ],
  invalid: [
    {
      name: "a flag neither the command nor the program declares, with the closest flag as the suggestion when one is close",
      files: cliProject(["aw flow advance --jsn", "aw flow reset --hrd", "aw tar -rx", "aw session --verbsoe", "aw session --colour=red"]),
      errors: [
        { messageId: "unknownFlag", data: { flag: "--jsn", command: "aw flow advance" }, suggestions: ["--json"], ...at(0, 18) },
        { messageId: "unknownFlag", data: { flag: "--hrd", command: "aw flow reset" }, suggestions: ["--hard"], ...at(1, 16) },
        { messageId: "unknownFlag", data: { flag: "-rx", command: "aw tar" }, ...at(2, 9) },
        { messageId: "unknownFlag", data: { flag: "--verbsoe", command: "aw session" }, suggestions: ["--verbose"], ...at(3, 13) },
        { messageId: "unknownFlag", data: { flag: "--colour", command: "aw session" }, ...at(4, 13) },
      ],
    },
  ],
});
