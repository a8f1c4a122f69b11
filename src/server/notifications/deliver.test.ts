import { describe, expect, it } from 'vitest';
import { stopRemindersLink } from './deliver';
import { verifyStopRemindersToken } from './tokens';

// Whose stop-reminders link a client's mail carries (ADR 029): a client the front desk booked
// without an account has one too, on her record; none only when the appointment names nobody.
describe('stopRemindersLink', () => {
  const deps = { publicUrl: 'https://salon.test', messageSecret: 'secreto' };
  const RECORD = '0b8f9a4e-1111-4222-8333-444455556666';
  it.each([
    ['a client with an account', { client_id: 'user-1', client_record_id: RECORD }, { account: 'user-1' }],
    ['an account without a record yet', { client_id: 'user-1', client_record_id: null }, { account: 'user-1' }],
    ['a client record without an account', { client_id: null, client_record_id: RECORD }, { record: RECORD }],
    ['neither (a deleted account whose record went too)', { client_id: null, client_record_id: null }, null],
  ])('%s', (_name, row, who) => {
    const link = stopRemindersLink(deps, row);
    if (!who) return expect(link).toBeUndefined();
    expect(link).toMatch(/^https:\/\/salon\.test\/api\/messages\/stop-reminders\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyStopRemindersToken('secreto', new URL(link!).searchParams.get('token')!)).toEqual(who);
  });
});
