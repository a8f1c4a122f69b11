import { describe, expect, it } from 'vitest';
import type { DeliveryRow } from './deliver';
import { clientRoute } from './deliver-phone';
import type { JobPayload } from './enqueue';

// Which channel a message to a client takes (ADR 057), for every kind of client and every channel
// the salon has: an account, a phone-only record, an email but no account, a deleted account.
const row = (p: Partial<DeliveryRow>): DeliveryRow => ({
  id: 'a1',
  client_id: null,
  client_record_id: 'r1',
  client_name: 'Marta',
  client_email: '',
  employee_name: 'Lucía',
  service_name: 'Limpieza facial',
  service_duration: 60,
  price: '40',
  start_time: '2026-03-03T10:00:00Z',
  end_time: '2026-03-03T11:00:00Z',
  status: 'confirmed',
  message_sequence: 0,
  consent_link_generation: 1,
  bono_state: null,
  professional_email: null,
  reminders: true,
  salon_name: 'Auna',
  salon_address: null,
  salon_phone: null,
  reminder_hours: 24,
  consent_missing: false,
  client_phone: null,
  message_channel: null,
  cancellation_hours: 24,
  ...p,
});
const WA = { whatsapp: {} as never, sms: undefined };
const SMS = { whatsapp: undefined, sms: {} as never };
const BOTH = { whatsapp: {} as never, sms: {} as never };
const NONE = { whatsapp: undefined, sms: undefined };
const msg = (kind: JobPayload['kind'], via?: JobPayload['via']): JobPayload => ({ appointmentId: 'a1', kind, recipient: 'client', version: 0, ...(via ? { via } : {}) }) as JobPayload;

const MOBILE = '+34612345678';
const account = row({ client_id: 'u1', client_email: 'ana@example.com', client_phone: MOBILE });
const phoneOnly = row({ client_phone: MOBILE });
const emailNoAccount = row({ client_email: 'eva@example.com' });
const deleted = row({ client_email: 'Cliente eliminado', client_phone: null, client_record_id: null });
const landline = row({ client_phone: '+34953123456' });

describe('clientRoute', () => {
  it.each([
    ['an account with a mobile, WhatsApp configured', WA, account, 'confirmation', { kind: 'phone', channel: 'whatsapp', phone: MOBILE }],
    ['an account with a mobile, no provider', NONE, account, 'confirmation', { kind: 'email' }],
    ['an account that chose SMS', BOTH, { ...account, message_channel: 'sms' }, 'reminder', { kind: 'phone', channel: 'sms', phone: MOBILE }],
    ['an account that chose email', BOTH, { ...account, message_channel: 'email' }, 'reminder', { kind: 'email' }],
    ['an account that chose none', BOTH, { ...account, message_channel: 'none' }, 'cancellation', { kind: 'none', outcome: 'opted_out' }],
    ['a phone-only record, WhatsApp', WA, phoneOnly, 'confirmation', { kind: 'phone', channel: 'whatsapp', phone: MOBILE }],
    ['a phone-only record, SMS only', SMS, phoneOnly, 'reminder', { kind: 'phone', channel: 'sms', phone: MOBILE }],
    ['a phone-only record, no provider', NONE, phoneOnly, 'confirmation', { kind: 'none', outcome: 'no_email' }],
    ['a landline', BOTH, landline, 'confirmation', { kind: 'none', outcome: 'no_email' }],
    ['an email but no account', BOTH, emailNoAccount, 'rescheduled', { kind: 'email' }],
    ['a deleted account', BOTH, deleted, 'cancellation', { kind: 'none', outcome: 'no_email' }],
    ['the consent reminder: email only', BOTH, account, 'consent_reminder', { kind: 'email' }],
    ['the consent reminder without email', BOTH, phoneOnly, 'consent_reminder', { kind: 'none', outcome: 'no_email' }],
    ['a reply: WhatsApp only', BOTH, account, 'reply_confirmed', { kind: 'phone', channel: 'whatsapp', phone: MOBILE }],
    ['a reply without WhatsApp', SMS, account, 'reply_cancel_refused', { kind: 'none', outcome: 'no_email' }],
  ] as const)('%s', (_name, deps, r, kind, expected) => {
    expect(clientRoute(deps, msg(kind), r)).toEqual(expected);
  });

  it('a fallback takes its own channel, while it still reaches her', () => {
    expect(clientRoute(BOTH, msg('confirmation', 'sms'), account)).toEqual({ kind: 'phone', channel: 'sms', phone: MOBILE });
    expect(clientRoute(BOTH, msg('confirmation', 'email'), account)).toEqual({ kind: 'email' });
    expect(clientRoute(WA, msg('confirmation', 'sms'), account)).toEqual({ kind: 'none', outcome: 'no_email' });
    expect(clientRoute(BOTH, msg('confirmation', 'email'), phoneOnly)).toEqual({ kind: 'none', outcome: 'no_email' });
  });
});
