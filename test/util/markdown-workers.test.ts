import { describe, expect, it } from "vitest";
import { markdownWorkers } from "../../compiler/read.js";

describe("markdownWorkers: the worker pool only where it pays", () => {
  it("none for few documents, on a loaded machine, or on one core", () => {
    expect(markdownWorkers(299, {}, 8, 0)).toBe(0);
    expect(markdownWorkers(10_000, {}, 2, 1.2)).toBe(0);
    expect(markdownWorkers(10_000, {}, 2, 10)).toBe(0);
    expect(markdownWorkers(10_000, {}, 1, 0)).toBe(0);
  });

  it("free cores beside this thread's, at most three", () => {
    expect(markdownWorkers(10_000, {}, 2, 0.1)).toBe(1);
    expect(markdownWorkers(10_000, {}, 4, 1.5)).toBe(2);
    expect(markdownWorkers(10_000, {}, 2, 0.7)).toBe(0);
    expect(markdownWorkers(10_000, {}, 16, 0)).toBe(3);
  });

  it("DOCPACT_WORKERS=N asks for N (within the cores); the reference path uses none", () => {
    expect(markdownWorkers(10, { DOCPACT_WORKERS: "2" }, 2, 10)).toBe(1);
    expect(markdownWorkers(10, { DOCPACT_WORKERS: "2" }, 8, 10)).toBe(2);
    expect(markdownWorkers(10_000, { DOCPACT_WORKERS: "0" }, 16, 0)).toBe(0);
    expect(markdownWorkers(10_000, { DOCPACT_UNOPTIMIZED: "1", DOCPACT_WORKERS: "2" }, 16, 0)).toBe(0);
  });
});
