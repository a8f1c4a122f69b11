// What a provider's stand-in (meta-graph.ts, twilio.ts) accepted, and a wait for the one a test
// expects: resolved as soon as it is recorded, or refused after `timeout` with what was sent.

export type Recorded<T> = {
  items: T[];
  /** Records one and wakes the waits. */
  add: (item: T) => void;
  /** The first recorded item `match` accepts, now or when it comes. */
  waitFor: (match: (item: T) => boolean, timeout: number, what: string) => Promise<T>;
};

export function recorded<T>(): Recorded<T> {
  const items: T[] = [];
  const waiters = new Set<() => void>();
  return {
    items,
    add(item) {
      items.push(item);
      for (const w of waiters) w();
    },
    waitFor(match, timeout, what) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = items.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${what} within ${timeout} ms (${items.length} sent)`));
        }, timeout);
        waiters.add(check);
        check();
      });
    },
  };
}
