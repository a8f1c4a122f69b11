import { describe, expect, it } from 'vitest';
import { newFeedToken, stopRemindersToken, verifyStopRemindersToken } from './tokens';

describe('stop-reminders token', () => {
  const t = stopRemindersToken('secreto', 'user-1');
  it.each([
    ['its own token', t, 'user-1'],
    ['another secret', stopRemindersToken('otro', 'user-1'), null],
    ['another user with this signature', `${Buffer.from('user-2').toString('base64url')}.${t.split('.')[1]}`, null],
    ['no signature', t.split('.')[0]!, null],
    ['garbage', '<script>', null],
    ['empty', '', null],
  ])('%s', (_name, token, expected) => expect(verifyStopRemindersToken('secreto', token)).toBe(expected));
});

describe('feed token', () => {
  it('is 43 url-safe characters and new every time', () => {
    const a = newFeedToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newFeedToken()).not.toBe(a);
  });
});
