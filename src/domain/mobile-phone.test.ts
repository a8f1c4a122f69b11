import { describe, expect, it } from 'vitest';
import { isMobilePhone, mobilePhone, whatsappNumber } from './mobile-phone';

describe('mobilePhone', () => {
  it.each([
    ['612345678', { ok: true, e164: '+34612345678' }],
    ['612 34 56 78', { ok: true, e164: '+34612345678' }],
    ['0034 712 34 56 78', { ok: true, e164: '+34712345678' }],
    ['+34 612-34-56-78', { ok: true, e164: '+34612345678' }],
    // A US number cannot be told apart: it may be a mobile.
    ['+1 201 555 0123', { ok: true, e164: '+12015550123' }],
    // A landline or a free number gets no WhatsApp or SMS.
    ['91 123 45 67', { ok: false, reason: 'not_mobile' }],
    ['800 12 34 56', { ok: false, reason: 'not_mobile' }],
    ['12345', { ok: false, reason: 'invalid' }],
    ['6123456789', { ok: false, reason: 'invalid' }],
    ['móvil', { ok: false, reason: 'invalid' }],
    ['', { ok: false, reason: 'invalid' }],
    ['+34 612 34 56 78 <script>', { ok: false, reason: 'invalid' }],
  ])('%s', (input, expected) => {
    expect(mobilePhone(input)).toEqual(expected);
  });
});

describe('isMobilePhone', () => {
  it.each([
    ['+34612345678', true],
    ['+34911234567', false],
    ['612345678', false], // stored numbers are E.164
    [null, false],
    ['', false],
  ])('%s -> %s', (input, expected) => {
    expect(isMobilePhone(input)).toBe(expected);
  });
});

it('whatsappNumber drops the +', () => {
  expect(whatsappNumber('+34612345678')).toBe('34612345678');
});
