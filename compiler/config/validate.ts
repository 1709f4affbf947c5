/** Validates a parsed config against contracts/config.schema.json (Ajv, draft-07). */
import { readFileSync } from "node:fs";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { packagePath } from "../util/package-root.js";

let validator: ValidateFunction | undefined;

function getValidator(): ValidateFunction {
  if (!validator) {
    const schema = JSON.parse(readFileSync(packagePath("contracts/config.schema.json"), "utf8"));
    const ajv = new Ajv({ allErrors: true, strict: false });
    validator = ajv.compile(schema);
  }
  return validator;
}

/** Returns null when valid, else one line naming the JSON pointer and what is wrong. */
export function validateConfig(value: unknown): string | null {
  const validate = getValidator();
  if (validate(value)) return null;
  const errors = validate.errors ?? [];
  // The most specific error: oneOf reports its branches first and then itself.
  const best = errors.find((e) => e.keyword !== "oneOf" && e.keyword !== "if") ?? errors[0];
  return best ? describe(best) : "invalid config";
}

function describe(e: ErrorObject): string {
  const pointer = e.instancePath === "" ? "/" : e.instancePath;
  if (e.keyword === "additionalProperties") {
    return `${pointer}: unknown key "${(e.params as { additionalProperty: string }).additionalProperty}"`;
  }
  if (e.keyword === "enum") {
    return `${pointer}: must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
  }
  return `${pointer}: ${e.message ?? "is invalid"}`;
}
