/**
 * A failure that ends the run with exit 2 and one line on stderr: bad usage,
 * a config that fails its schema, a missing tsconfig. Anything else that is
 * thrown is an internal failure and is reported the same way, without a stack.
 */
export class DocpactError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DocpactError";
  }
}
