/** Progress on stderr: silent for a second, silent when not a TTY, erased at the end. */
import { describe, expect, it } from "vitest";
import { startProgress } from "../../compiler/cli/progress.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function stream(isTTY: boolean) {
  const s = { isTTY, out: "", write: (x: string) => (s.out += x) };
  return s;
}

describe("progress", () => {
  it("prints nothing when stderr is not a TTY", async () => {
    const s = stream(false);
    const p = startProgress(s, { delayMs: 5 });
    p.phase("reading 3 docs");
    await sleep(20);
    p.stop();
    expect(s.out).toBe("");
  });

  it("prints nothing for a run shorter than the delay", () => {
    const s = stream(true);
    const p = startProgress(s, { delayMs: 1000 });
    p.phase("reading 3 docs");
    p.stop();
    expect(s.out).toBe("");
  });

  it("after the delay shows the phase, follows it, and erases the line at the end", async () => {
    const s = stream(true);
    const p = startProgress(s, { delayMs: 10 });
    p.phase("reading 1234 docs");
    await sleep(40);
    expect(s.out).toBe("\r\u001b[2Kdocpact: reading 1234 docs…");
    p.phase("checking");
    p.stop();
    expect(s.out.endsWith("\r\u001b[2Kdocpact: checking…\r\u001b[2K")).toBe(true);
  });

  it("shows the phase of synchronous work that outlasts the delay, when the phase changes", () => {
    const s = stream(true);
    const p = startProgress(s, { delayMs: 5 });
    const until = Date.now() + 15;
    while (Date.now() < until) {
      /* busy, like a synchronous read of many docs */
    }
    p.phase("checking");
    expect(s.out).toBe("\r\u001b[2Kdocpact: checking…");
    p.stop();
  });
});
