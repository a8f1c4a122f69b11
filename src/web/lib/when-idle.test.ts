import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

// The works asked for before an idle moment share one requestIdleCallback, run in order; a cancelled
// one never runs; the last cancel gives the callback back; a work asked for while the batch runs
// waits for the next idle moment; a failing work does not stop the others.
describe('whenIdle', () => {
  let callbacks: Map<number, () => void>;
  let next: number;
  beforeEach(() => {
    callbacks = new Map();
    next = 1;
    // The browser's idle callbacks, run by hand (`idle()`): the unit tests run in Node.
    vi.stubGlobal('window', {
      requestIdleCallback: vi.fn((cb: IdleRequestCallback) => {
        const id = next++;
        callbacks.set(id, () => cb({ didTimeout: false, timeRemaining: () => 50 }));
        return id;
      }),
      cancelIdleCallback: vi.fn((id: number) => void callbacks.delete(id)),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const idle = () => {
    const pending = [...callbacks.values()];
    callbacks.clear();
    for (const run of pending) run();
  };

  it('runs the works asked for together in one idle callback, in order', () => {
    const ran: string[] = [];
    whenIdle(() => ran.push('a'));
    whenIdle(() => ran.push('b'));
    whenIdle(() => ran.push('c'));
    expect(window.requestIdleCallback).toHaveBeenCalledTimes(1);
    expect(ran).toEqual([]);
    idle();
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('never runs a cancelled work, and gives the callback back when nothing is left', () => {
    const ran: string[] = [];
    const cancelA = whenIdle(() => ran.push('a'));
    const cancelB = whenIdle(() => ran.push('b'));
    cancelA();
    expect(window.cancelIdleCallback).not.toHaveBeenCalled();
    cancelB();
    expect(window.cancelIdleCallback).toHaveBeenCalledTimes(1);
    idle();
    expect(ran).toEqual([]);
    whenIdle(() => ran.push('c'));
    idle();
    expect(ran).toEqual(['c']);
  });

  it('a work asked for while the batch runs waits for the next idle moment', () => {
    const ran: string[] = [];
    whenIdle(() => {
      ran.push('first');
      whenIdle(() => ran.push('later'));
    });
    idle();
    expect(ran).toEqual(['first']);
    idle();
    expect(ran).toEqual(['first', 'later']);
  });

  it('a failing work does not keep the next from running, and its error is thrown on its own', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    whenIdle(() => {
      throw new Error('falla');
    });
    whenIdle(() => ran.push('after'));
    idle();
    expect(ran).toEqual(['after']);
    expect(() => vi.runAllTimers()).toThrow('falla');
  });
});
