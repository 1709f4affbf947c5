/**
 * A time bound that does not depend on the machine's load: it is past only when both wall-clock time and this
 * process's CPU time since its start exceed the limit. Wall time alone runs out on a loaded machine while the work
 * has had a fraction of a core (the same input would then read differently from run to run); CPU time alone runs out
 * early when other threads of the process are busy. A real hang exceeds both.
 */

/** Milliseconds since an arbitrary origin. */
export interface Elapsed {
  wallMs: number;
  cpuMs: number;
}

export type Clock = () => Elapsed;

export const processClock: Clock = () => {
  const cpu = process.cpuUsage();
  return { wallMs: performance.now(), cpuMs: (cpu.user + cpu.system) / 1000 };
};

export class Deadline {
  private readonly start: Elapsed;

  constructor(
    readonly ms: number,
    private readonly clock: Clock = processClock,
  ) {
    this.start = clock();
  }

  past(): boolean {
    const now = this.clock();
    return now.wallMs - this.start.wallMs > this.ms && now.cpuMs - this.start.cpuMs > this.ms;
  }
}
