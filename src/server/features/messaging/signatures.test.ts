import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { metaChallenge, validMetaSignature, validTwilioSignature } from './signatures';

describe('Meta signature', () => {
  const body = '{"object":"whatsapp_business_account","entry":[]}';
  const sign = (secret: string, b: string) => `sha256=${createHmac('sha256', secret).update(b).digest('hex')}`;
  it.each([
    ['signed with the app secret', sign('secreto', body), true],
    ['in capitals', sign('secreto', body).toUpperCase().replace('SHA256=', 'sha256='), true],
    ['another secret', sign('otro', body), false],
    ['another body', sign('secreto', `${body} `), false],
    ['sha1', `sha1=${createHmac('sha1', 'secreto').update(body).digest('hex')}`, false],
    ['no header', undefined, false],
    ['garbage', 'sha256=zz', false],
  ])('%s', (_n, header, ok) => expect(validMetaSignature('secreto', body, header)).toBe(ok));
});

describe('Twilio signature', () => {
  // Twilio's documented example: the URL, then the POST parameters sorted by name.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = new URLSearchParams({ CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' });
  it('matches Twilio\'s own example', () => {
    expect(validTwilioSignature('12345', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
  });
  it.each([
    ['another token', '54321', url, '0/KCTR6DLpKmkAf8muzZqo1nDgQ='],
    ['another URL', '12345', `${url}&x=1`, '0/KCTR6DLpKmkAf8muzZqo1nDgQ='],
    ['no header', '12345', url, undefined],
    ['garbage', '12345', url, 'nope'],
  ])('%s: refused', (_n, token, u, header) => expect(validTwilioSignature(token, u, params, header)).toBe(false));
});

describe('Meta verification', () => {
  it.each([
    [{ mode: 'subscribe', token: 'verificame', challenge: '1158201444' }, '1158201444'],
    [{ mode: 'subscribe', token: 'otro', challenge: '1158201444' }, null],
    [{ mode: 'unsubscribe', token: 'verificame', challenge: '1' }, null],
    [{ mode: 'subscribe', token: 'verificame', challenge: '<script>' }, null],
    [{}, null],
  ])('%j -> %s', (q, expected) => expect(metaChallenge('verificame', q)).toBe(expected));
});
