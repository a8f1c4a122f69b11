import { describe, expect, it } from 'vitest';
import { skipReason, stopRemindersLink } from './deliver';
import type { MessagePayload } from './enqueue';
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

// Why a reminder is not sent when it leaves: the 24 h reminder and the consent reminder (ADR 041)
// share their rules but for the consent (signed by then) and the salon's reminder hours (the
// 24 h one's only).
describe('skipReason of the reminders', () => {
  const NOW = new Date('2026-03-01T10:00:00Z');
  const row = (p: Partial<Parameters<typeof skipReason>[1]> = {}): Parameters<typeof skipReason>[1] => ({
    id: 'a1',
    client_id: 'user-1',
    client_record_id: null,
    client_name: 'Marta',
    client_email: 'marta@example.com',
    employee_name: 'Lucía',
    service_name: 'Láser',
    service_duration: 30,
    price: '40',
    start_time: '2026-03-03T10:00:00Z',
    end_time: '2026-03-03T10:30:00Z',
    status: 'confirmed',
    message_sequence: 2,
    professional_email: null,
    reminders: true,
    salon_name: 'Auna',
    salon_address: null,
    salon_phone: null,
    reminder_hours: 24,
    consent_missing: true,
    client_phone: null,
    message_channel: null,
    cancellation_hours: 24,
    consent_link_generation: 1,
    bono_state: null,
    ...p,
  });
  const msg = (kind: MessagePayload['kind']): MessagePayload => ({ appointmentId: 'a1', kind, recipient: 'client', version: 2 });
  it.each([
    ['reminder', {}, null],
    ['reminder', { status: 'cancelled_by_client' }, 'not confirmed any more'],
    ['reminder', { message_sequence: 3 }, 'the appointment moved since'],
    ['reminder', { reminders: false }, 'the client stopped reminders'],
    ['reminder', { reminder_hours: 0 }, 'the salon turned reminders off'],
    ['reminder', { start_time: '2026-03-01T09:00:00Z' }, 'already started'],
    ['reminder', { consent_missing: false }, null],
    ['consent_reminder', {}, null],
    ['consent_reminder', { status: 'completed' }, 'not confirmed any more'],
    ['consent_reminder', { message_sequence: 3 }, 'the appointment moved since'],
    ['consent_reminder', { consent_missing: false }, 'the consent is signed'],
    ['consent_reminder', { consent_missing: false, reminders: false }, 'the consent is signed'],
    ['consent_reminder', { reminders: false }, 'the client stopped reminders'],
    ['consent_reminder', { reminder_hours: 0 }, null],
    ['consent_reminder', { start_time: '2026-03-01T09:00:00Z' }, 'already started'],
  ] as const)('%s %j: %s', (kind, change, reason) => expect(skipReason(msg(kind), row(change), NOW)).toBe(reason));
});
