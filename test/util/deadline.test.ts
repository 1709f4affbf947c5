import { describe, expect, it } from "vitest";
import { Deadline } from "../../compiler/util/deadline.js";
import { ticking } from "../helpers/clock.js";

describe("Deadline", () => {
  it("is past when both wall and CPU time exceed it", () => {
    const d = new Deadline(30, ticking(20, 20));
    expect(d.past()).toBe(false); // 20 ms of each
    expect(d.past()).toBe(true); // 40 ms of each
  });
  it("wall time alone (a loaded machine) is not enough", () => {
    const d = new Deadline(30, ticking(1000, 1));
    expect(d.past()).toBe(false);
    expect(d.past()).toBe(false);
  });
  it("CPU time alone (other threads of the process busy) is not enough", () => {
    expect(new Deadline(30, ticking(1, 1000)).past()).toBe(false);
  });
  it("the process clock runs out on a busy loop", () => {
    const d = new Deadline(5);
    while (!d.past()) {
      /* spin */
    }
    expect(d.past()).toBe(true);
  });
});
