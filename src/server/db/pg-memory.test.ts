import { describe, expect, it } from 'vitest';
import { availableMemory, sharedBuffersMb } from './pg-memory';

const GB = 1024 ** 3;

describe('sharedBuffersMb: the embedded PostgreSQL takes an eighth of the memory, between 128 MB and 1 GB', () => {
  it.each([
    ['a 512 MB VPS keeps the default', 0.5 * GB, 128],
    ['1 GB keeps the default', 1 * GB, 128],
    ['2 GB', 2 * GB, 256],
    ['4 GB', 4 * GB, 512],
    ['6 GB rounds down to whole MB', 6 * GB + 5, 768],
    ['8 GB reaches the ceiling', 8 * GB, 1024],
    ['24 GB stays at the ceiling', 24 * GB, 1024],
    ['no memory reported keeps the default', 0, 128],
  ])('%s', (_, total, expected) => {
    expect(sharedBuffersMb(total)).toBe(expected);
  });
});

describe('availableMemory: a container\'s limit counts, not the host\'s memory', () => {
  it.each([
    ['no limit (Node answers 2^64)', 24 * GB, 2 ** 64, 24 * GB],
    ['no limit known (0)', 24 * GB, 0, 24 * GB],
    ['no such call (older Node)', 24 * GB, undefined, 24 * GB],
    ['a 1 GB container on a 64 GB host', 64 * GB, 1 * GB, 1 * GB],
  ])('%s', (_, total, constrained, expected) => {
    expect(availableMemory(total, constrained)).toBe(expected);
  });
});
