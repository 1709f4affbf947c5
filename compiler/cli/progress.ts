/**
 * Progress on stderr: nothing for the first second, then one line
 * (`docpact: reading 1234 docs…`) rewritten as the phase changes, and erased
 * at the end. Only when stderr is a TTY; pipes, CI logs and tests see nothing.
 */

export interface ProgressStream {
  isTTY?: boolean;
  write(s: string): unknown;
}

export interface Progress {
  /** Names what the run is doing now. */
  phase(text: string): void;
  /** Erases the line (if one was shown) and stops the timer. */
  stop(): void;
}

export interface ProgressOptions {
  /** Milliseconds before anything is shown; default 1000. */
  delayMs?: number;
  /** Show even when the stream is not a TTY (tests). */
  force?: boolean;
}

const NOOP: Progress = { phase() {}, stop() {} };

export function startProgress(stream: ProgressStream, opts: ProgressOptions = {}): Progress {
  if (!opts.force && stream.isTTY !== true) return NOOP;
  let current = "starting";
  let shown = false;
  let stopped = false;
  const started = Date.now();
  const delay = opts.delayMs ?? 1000;
  const draw = () => {
    stream.write(`\r\u001b[2Kdocpact: ${current}…`);
    shown = true;
  };
  const timer = setTimeout(() => {
    if (!stopped) draw();
  }, delay);
  timer.unref();
  return {
    phase(text) {
      current = text;
      // Phases are mostly synchronous work, during which the timer cannot fire: check the clock here too.
      if (!stopped && (shown || Date.now() - started >= delay)) draw();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      if (shown) stream.write("\r\u001b[2K");
    },
  };
}
