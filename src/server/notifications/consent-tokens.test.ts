import { describe, expect, it } from 'vitest';
import { consentSignToken, verifyConsentSignToken } from './consent-tokens';
import { stopRemindersTokenForRecord, verifyStopRemindersToken } from './tokens';

const ID = '0b8f9a4e-1111-4222-8333-444455556666';

describe('consent signing token', () => {
  const t = consentSignToken('secreto', ID);
  it.each([
    ['the appointment’s token (generation 1: the links mailed before generations existed)', t, { appointmentId: ID, generation: 1 }],
    ['a later generation', consentSignToken('secreto', ID, 3), { appointmentId: ID, generation: 3 }],
    ['another secret', consentSignToken('otro', ID), null],
    ['another appointment with this signature', `${Buffer.from('0b8f9a4e-1111-4222-8333-444455556667').toString('base64url')}.${t.split('.')[1]}`, null],
    ['another generation with this signature', `${Buffer.from(`${ID}~2`).toString('base64url')}.${t.split('.')[1]}`, null],
    ['a stop-reminders token of the same id (another purpose)', stopRemindersTokenForRecord('secreto', ID), null],
    ['not an appointment id', consentSignToken('secreto', 'user-1'), null],
    ['no signature', t.split('.')[0]!, null],
    ['garbage', '<script>', null],
    ['empty', '', null],
  ])('%s', (_name, token, expected) => expect(verifyConsentSignToken('secreto', token)).toEqual(expected));

  it('generation 1 is the token mailed before generations existed', () => expect(consentSignToken('secreto', ID, 1)).toBe(consentSignToken('secreto', ID)));
  it('is not a stop-reminders token either', () => expect(verifyStopRemindersToken('secreto', t)).toBeNull());
});
