/**
 * Runs `work` in the browser's next idle moment (at the latest after `timeoutMs`), or after a short
 * delay where there is no requestIdleCallback (Safari). Returns a cancel, for an effect's cleanup.
 */
export function whenIdle(work: () => void, timeoutMs = 500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(work, 50);
  return () => window.clearTimeout(timer);
}
