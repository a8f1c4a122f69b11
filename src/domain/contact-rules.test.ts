import { describe, expect, it } from 'vitest';
import { channelProblem, clientPhone } from './contact-rules';
import { MESSAGING_MSG } from './texts/messaging';

describe('clientPhone', () => {
  it.each([
    ['', { ok: true, phone: null }],
    ['   ', { ok: true, phone: null }],
    [null, { ok: true, phone: null }],
    ['612 34 56 78', { ok: true, phone: '+34612345678' }],
    ['91 123 45 67', { ok: false, code: 'PHONE_NOT_MOBILE', message: MESSAGING_MSG.phoneNotMobile }],
    ['123', { ok: false, code: 'PHONE_INVALID', message: MESSAGING_MSG.phoneInvalid }],
  ])('%s', (input, expected) => {
    expect(clientPhone(input)).toEqual(expected);
  });
});

describe('channelProblem', () => {
  const mobile = { phone: '+34612345678', email: null };
  const landline = { phone: '+34911234567', email: 'ana@example.com' };
  it.each([
    [null, mobile, null],
    ['none', { phone: null, email: null }, null],
    ['whatsapp', mobile, null],
    ['sms', mobile, null],
    ['whatsapp', landline, MESSAGING_MSG.channelNeedsMobile],
    ['sms', { phone: null, email: 'a@b.es' }, MESSAGING_MSG.channelNeedsMobile],
    ['email', mobile, MESSAGING_MSG.channelNeedsEmail],
    ['email', landline, null],
    ['telegram', mobile, MESSAGING_MSG.channelInvalid],
    [3, mobile, MESSAGING_MSG.channelInvalid],
  ])('%s', (channel, has, expected) => {
    expect(channelProblem(channel, has)).toBe(expected);
  });
});
