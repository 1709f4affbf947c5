import type { Clock } from "../../compiler/util/deadline.js";

/** A fake clock: every look advances wall time by `wall` ms and CPU time by `cpu` ms. */
export function ticking(wall: number, cpu: number): Clock {
  let t = 0;
  return () => {
    t++;
    return { wallMs: t * wall, cpuMs: t * cpu };
  };
}
