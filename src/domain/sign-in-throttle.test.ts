import { expect, it } from 'vitest';
import { signInDelayMs } from './sign-in-throttle';

it.each([
  [0, 0],
  [4, 0],
  [5, 250],
  [6, 500],
  [7, 1000],
  [8, 2000],
  [9, 4000],
  [10, 4000],
  [1000, 4000],
  [Number.NaN, 0],
  [-1, 0],
])('after %s failures an attempt waits %s ms', (failures, ms) => {
  expect(signInDelayMs(failures)).toBe(ms);
});
