/**
 * Runs `work` in the browser's next idle moment (at the latest after `timeoutMs`), or after a short
 * delay where there is no requestIdleCallback (Safari). Returns a cancel, for an effect's cleanup.
 *
 * Every work asked for before that moment shares one idle callback, run in the order asked: a day
 * switch of the salon's day view asks for three (the address, the days drawn ahead, the waiting
 * list's day), and each requestIdleCallback call cost the click's task up to 5 ms at 4x CPU
 * (docs/benchmarks.md, "Salon day view"). The first work's timeout is the batch's.
 */
export function whenIdle(work: () => void, timeoutMs = 500): () => void {
  const job = { work };
  queue.push(job);
  if (!scheduled) scheduled = schedule(runQueue, timeoutMs);
  return () => {
    const at = queue.indexOf(job);
    if (at >= 0) queue.splice(at, 1);
    if (queue.length === 0 && scheduled) {
      scheduled();
      scheduled = null;
    }
  };
}

let queue: Array<{ work: () => void }> = [];
/** The cancel of the one idle callback asked for, while the queue waits for it. */
let scheduled: (() => void) | null = null;

function runQueue() {
  scheduled = null;
  const jobs = queue;
  queue = [];
  for (const { work } of jobs) {
    // One failing work does not keep the others from running; its error is still reported.
    try {
      work();
    } catch (error) {
      setTimeout(() => {
        throw error;
      });
    }
  }
}

function schedule(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(run, 50);
  return () => window.clearTimeout(timer);
}
