// Work that runs on other threads (bcrypt on libuv's thread pool, sharp on its
// own) can take every core and every pool thread from the event loop, so that
// one kind of request stalls all the others (docs/decisions/033). A limit lets
// only so many such jobs run at once; the rest wait their turn, in order.
import { availableParallelism } from "node:os";

export type ConcurrencyLimit = {
  <T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now. */
  readonly running: number;
  /** Jobs waiting for their turn. */
  readonly waiting: number;
};

/** Runs at most `max` jobs at once, the others first come, first served; a job's failure is its own. */
export function concurrencyLimit(max: number): ConcurrencyLimit {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`a concurrency limit of ${max}`);
  let running = 0;
  const turns: (() => void)[] = [];
  const next = () => {
    running -= 1;
    const turn = turns.shift();
    if (turn) {
      running += 1;
      turn();
    }
  };
  const limit = async <T>(job: () => Promise<T>): Promise<T> => {
    if (running < max) running += 1;
    else await new Promise<void>((resolve) => turns.push(resolve));
    try {
      return await job();
    } finally {
      next();
    }
  };
  return Object.defineProperties(limit, {
    running: { get: () => running },
    waiting: { get: () => turns.length },
  }) as ConcurrencyLimit;
}

/**
 * How many CPU-heavy jobs may run beside the event loop: one core fewer than
 * the process may use, so the loop always has one (at least one job, on one core),
 * and one thread fewer than libuv's pool, so file, DNS and crypto work never
 * queues behind them (https://docs.libuv.org/en/v1.x/threadpool.html: 4 threads
 * unless UV_THREADPOOL_SIZE says otherwise).
 */
export function backgroundJobSlots(
  cores = availableParallelism(),
  poolThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): number {
  return Math.max(1, Math.min(cores - 1, poolThreads - 1));
}
