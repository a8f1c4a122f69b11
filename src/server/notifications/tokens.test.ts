import { describe, expect, it } from 'vitest';
import { newFeedToken, readReplyPayload, readVisitToken, replyPayload, stopRemindersToken, stopRemindersTokenForRecord, verifyStopRemindersToken, visitToken } from './tokens';

describe('stop-reminders token', () => {
  const t = stopRemindersToken('secreto', 'user-1');
  const r = stopRemindersTokenForRecord('secreto', '0b8f9a4e-1111-4222-8333-444455556666');
  it.each([
    ['an account’s token', t, { account: 'user-1' }],
    ['a client record’s token', r, { record: '0b8f9a4e-1111-4222-8333-444455556666' }],
    ['another secret', stopRemindersToken('otro', 'user-1'), null],
    ['a record’s token with another secret', stopRemindersTokenForRecord('otro', '0b8f9a4e-1111-4222-8333-444455556666'), null],
    ['another user with this signature', `${Buffer.from('user-2').toString('base64url')}.${t.split('.')[1]}`, null],
    ['the account’s signature on a record id', `${Buffer.from('record:user-1').toString('base64url')}.${t.split('.')[1]}`, null],
    ['the record’s signature on the bare id', `${Buffer.from('0b8f9a4e-1111-4222-8333-444455556666').toString('base64url')}.${r.split('.')[1]}`, null],
    ['no signature', t.split('.')[0]!, null],
    ['garbage', '<script>', null],
    ['empty', '', null],
  ])('%s', (_name, token, expected) => expect(verifyStopRemindersToken('secreto', token)).toEqual(expected));
});

describe('feed token', () => {
  it('is 43 url-safe characters and new every time', () => {
    const a = newFeedToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newFeedToken()).not.toBe(a);
  });
});

describe('visit links and reply payloads', () => {
  const ref = { appointmentId: '0b8f9a4e-1111-4222-8333-444455556666', version: 2 };
  it('read back what they were made for', () => {
    expect(readVisitToken('secreto', visitToken('secreto', ref))).toEqual(ref);
    expect(readReplyPayload('secreto', replyPayload('secreto', 'confirm', ref))).toEqual({ ...ref, action: 'confirm' });
    expect(readReplyPayload('secreto', replyPayload('secreto', 'cancel', ref))).toEqual({ ...ref, action: 'cancel' });
  });

  it('fit in a WhatsApp button payload', () => {
    expect(replyPayload('secreto', 'cancel', { ...ref, version: 999_999 }).length).toBeLessThanOrEqual(128);
  });

  it.each([
    ['another secret', () => readReplyPayload('secreto', replyPayload('otro', 'confirm', ref))],
    ['a confirm turned into a cancel', () => readReplyPayload('secreto', `X${replyPayload('secreto', 'confirm', ref).slice(1)}`)],
    ['a link used as a button', () => readReplyPayload('secreto', `C.${visitToken('secreto', ref)}`)],
    ['a button used as a link', () => readVisitToken('secreto', replyPayload('secreto', 'confirm', ref).slice(2))],
    ['a stop-reminders token', () => readVisitToken('secreto', stopRemindersToken('secreto', `${ref.appointmentId}:2`))],
    ['garbage', () => readReplyPayload('secreto', 'Confirmo')],
    ['too long', () => readReplyPayload('secreto', `C.${'a'.repeat(300)}`)],
  ])('%s: refused', (_name, read) => expect(read()).toBeNull());

  it('another version is another token', () => {
    expect(visitToken('secreto', ref)).not.toBe(visitToken('secreto', { ...ref, version: 3 }));
  });
});
