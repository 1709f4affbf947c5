/**
 * The reference path: `DOCPACT_UNOPTIMIZED=1` turns off every speed-up whose
 * output must equal the plain computation's (Markdown parsed with all of GFM,
 * generated files always regenerated instead of proven fresh from their
 * header, no worker threads), so tests can compare the two paths.
 */
export function unoptimized(): boolean {
  return process.env.DOCPACT_UNOPTIMIZED === "1";
}
