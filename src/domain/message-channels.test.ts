import { describe, expect, it } from 'vitest';
import { channelOrder, isMessageChannel, nextChannel, type MessageChannel, type Reach } from './message-channels';

const all: Reach = { whatsapp: true, sms: true, email: true };
const phoneOnly: Reach = { whatsapp: true, sms: true, email: false };
const noProvider: Reach = { whatsapp: false, sms: false, email: true };
const nothing: Reach = { whatsapp: false, sms: false, email: false };

describe('channelOrder', () => {
  it.each<[MessageChannel | null, Reach, string[]]>([
    [null, all, ['whatsapp', 'email', 'sms']],
    [null, phoneOnly, ['whatsapp', 'sms']],
    [null, noProvider, ['email']],
    [null, nothing, []],
    ['whatsapp', all, ['whatsapp', 'sms', 'email']],
    ['sms', all, ['sms', 'email', 'whatsapp']],
    ['sms', { whatsapp: true, sms: false, email: false }, ['whatsapp']],
    ['email', all, ['email', 'whatsapp', 'sms']],
    ['email', phoneOnly, ['whatsapp', 'sms']],
    ['none', all, []],
  ])('%s with %o -> %o', (chosen, reach, expected) => {
    expect(channelOrder(chosen, reach)).toEqual(expected);
  });
});

describe('nextChannel', () => {
  it.each<[MessageChannel | null, Reach, Array<'whatsapp' | 'sms' | 'email'>, string | null]>([
    ['whatsapp', all, ['whatsapp'], 'sms'],
    ['whatsapp', { whatsapp: true, sms: false, email: true }, ['whatsapp'], 'email'],
    [null, all, ['whatsapp'], 'email'],
    ['whatsapp', { whatsapp: true, sms: false, email: false }, ['whatsapp'], null],
    ['whatsapp', all, ['whatsapp', 'sms'], 'email'],
    ['sms', all, ['sms'], 'email'],
    // She changed her choice since: never back to one that failed.
    ['email', { whatsapp: true, sms: true, email: false }, ['whatsapp'], 'sms'],
    ['email', all, ['whatsapp', 'sms', 'email'], null],
    ['none', all, ['whatsapp'], null],
  ])('%s %o after %o -> %s', (chosen, reach, tried, expected) => {
    expect(nextChannel(chosen, reach, tried)).toBe(expected);
  });
});

it('isMessageChannel', () => {
  expect(['whatsapp', 'sms', 'email', 'none'].every(isMessageChannel)).toBe(true);
  expect([null, '', 'WhatsApp', 'whatsapp_link', 3].some(isMessageChannel)).toBe(false);
});
