import { describe, expect, it } from 'vitest';
import type { AppointmentStatus } from './appointment-status';
import { bonoCounts, bonoLeftFor, bonoTypeError, BONO_MSG, expiryOf, pickBono, sessionAfter, type BonoCandidate, type BonoSessionState, type SessionEvent } from './bonos';

// Bonos (ADR 037): which bono a booking reserves, and a session's life.

const LASER = 'svc-laser';
const FACIAL = 'svc-facial';
const bono = (id: string, patch: Partial<BonoCandidate> = {}): BonoCandidate => ({ id, serviceIds: [LASER], expiresOn: '2027-06-30', sessions: 6, held: 0, refunded: false, soldAt: '2027-01-01', ...patch });

describe('pickBono', () => {
  it.each<[string, BonoCandidate[], { serviceId: string; date: string }, string | undefined, string | null]>([
    ['no bonos: none', [], { serviceId: LASER, date: '2027-02-01' }, undefined, null],
    ['one covering bono', [bono('a')], { serviceId: LASER, date: '2027-02-01' }, undefined, 'a'],
    ['another service: none', [bono('a')], { serviceId: FACIAL, date: '2027-02-01' }, undefined, null],
    ['two bonos of different expiry: the one that expires first', [bono('late', { expiresOn: '2027-12-31' }), bono('soon', { expiresOn: '2027-03-31' })], { serviceId: LASER, date: '2027-02-01' }, undefined, 'soon'],
    ['the first expiring one is full: the other', [bono('late', { expiresOn: '2027-12-31' }), bono('soon', { expiresOn: '2027-03-31', held: 6 })], { serviceId: LASER, date: '2027-02-01' }, undefined, 'late'],
    ['expiring before the visit (expiry between booking and visit): the other', [bono('late', { expiresOn: '2027-12-31' }), bono('soon', { expiresOn: '2027-03-31' })], { serviceId: LASER, date: '2027-04-01' }, undefined, 'late'],
    ['valid on its expiry day (salon dates)', [bono('a', { expiresOn: '2027-03-31' })], { serviceId: LASER, date: '2027-03-31' }, undefined, 'a'],
    ['the day after its expiry: none', [bono('a', { expiresOn: '2027-03-31' })], { serviceId: LASER, date: '2027-04-01' }, undefined, null],
    ['refunded: none', [bono('a', { refunded: true })], { serviceId: LASER, date: '2027-02-01' }, undefined, null],
    ['all sessions held: none', [bono('a', { held: 6 })], { serviceId: LASER, date: '2027-02-01' }, undefined, null],
    ['same expiry: the oldest sale', [bono('b', { soldAt: '2027-01-02' }), bono('a', { soldAt: '2027-01-03' })], { serviceId: LASER, date: '2027-02-01' }, undefined, 'b'],
    ['staff choose another', [bono('late', { expiresOn: '2027-12-31' }), bono('soon', { expiresOn: '2027-03-31' })], { serviceId: LASER, date: '2027-02-01' }, 'late', 'late'],
    ['staff choose none', [bono('a')], { serviceId: LASER, date: '2027-02-01' }, 'none', null],
    ['staff choose one that does not cover it', [bono('a', { serviceIds: [FACIAL] })], { serviceId: LASER, date: '2027-02-01' }, 'a', null],
  ])('%s', (_, bonos, visit, choice, expected) => {
    expect(pickBono(bonos, visit, choice)).toBe(expected);
  });
});

describe('sessionAfter', () => {
  const status = (to: AppointmentStatus): SessionEvent => ({ kind: 'status', to });
  it.each<[string, BonoSessionState, SessionEvent, boolean, BonoSessionState]>([
    ['completion spends it', 'reserved', status('completed'), true, 'spent'],
    ['a cancellation within the policy (by her) gives it back', 'reserved', status('cancelled_by_client'), true, 'released'],
    ['a cancellation outside the policy (only the salon can) gives it back', 'reserved', status('cancelled_by_salon'), true, 'released'],
    ['a no-show spends it when "Una ausencia consume la sesión"', 'reserved', status('no_show'), true, 'spent'],
    ['a no-show gives it back when the setting is off', 'reserved', status('no_show'), false, 'released'],
    ['a move within the expiry keeps it', 'reserved', { kind: 'moved', newDate: '2027-03-31', expiresOn: '2027-03-31' }, true, 'reserved'],
    ['a move past the expiry releases it', 'reserved', { kind: 'moved', newDate: '2027-04-01', expiresOn: '2027-03-31' }, true, 'released'],
    ['a spent session stays spent', 'spent', status('cancelled_by_salon'), true, 'spent'],
    ['a released session stays released', 'released', status('completed'), true, 'released'],
  ])('%s', (_, from, event, noShowSpends, expected) => {
    expect(sessionAfter(from, event, noShowSpends)).toBe(expected);
  });
});

describe('bonoCounts', () => {
  it('used, reserved and remaining', () => {
    expect(bonoCounts({ sessions: 6 }, ['spent', 'reserved', 'released', 'spent'])).toEqual({ used: 2, reserved: 1, remaining: 3 });
    expect(bonoCounts({ sessions: 1 }, [])).toEqual({ used: 0, reserved: 0, remaining: 1 });
  });
});

describe('expiryOf', () => {
  it.each([
    ['2027-01-15', 6, '2027-07-15'],
    ['2027-01-31', 1, '2027-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2027-11-30', 3, '2028-02-29'],
    ['2027-03-29', 12, '2028-03-29'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(expiryOf(from, months)).toBe(expected);
  });
});

describe('bonoTypeError and the texts', () => {
  const ok = { name: 'Bono 6 sesiones láser', serviceIds: [LASER], sessions: 6, price: 300, validityMonths: 12 };
  it.each<[string, Partial<typeof ok>, string | null]>([
    ['fine', {}, null],
    ['no name', { name: '  ' }, BONO_MSG.nameRequired],
    ['no service', { serviceIds: [] }, BONO_MSG.servicesRequired],
    ['0 sessions', { sessions: 0 }, BONO_MSG.sessionsRange],
    ['negative price', { price: -1 }, BONO_MSG.priceRange],
    ['0 months', { validityMonths: 0 }, BONO_MSG.validityRange],
  ])('%s', (_, patch, expected) => {
    expect(bonoTypeError({ ...ok, ...patch })).toBe(expected);
  });
  it('says the sessions left as the issue words it', () => {
    expect(BONO_MSG.remaining(5)).toBe('Con tu bono: quedan 5 sesiones');
    expect(BONO_MSG.remaining(1)).toBe('Con tu bono: queda 1 sesión');
  });
});

describe('bonoLeftFor', () => {
  const mine = (id: string, remaining: number, expiresOn: string, services = [LASER], refunded = false) => ({ id, remaining, expiresOn, refunded, services: services.map((s) => ({ id: s })) });
  it.each<[string, ReturnType<typeof mine>[], string, string, number | null]>([
    ['none', [], LASER, '2027-02-01', null],
    ['the one that expires first', [mine('a', 5, '2027-12-31'), mine('b', 2, '2027-03-31')], LASER, '2027-02-01', 2],
    ['past the first one\'s expiry: the other', [mine('a', 5, '2027-12-31'), mine('b', 2, '2027-03-31')], LASER, '2027-04-01', 5],
    ['no session left: the other', [mine('a', 5, '2027-12-31'), mine('b', 0, '2027-03-31')], LASER, '2027-02-01', 5],
    ['another service', [mine('a', 5, '2027-12-31')], FACIAL, '2027-02-01', null],
    ['refunded', [mine('a', 5, '2027-12-31', [LASER], true)], LASER, '2027-02-01', null],
  ])('%s', (_, bonos, serviceId, date, expected) => {
    expect(bonoLeftFor(bonos, serviceId, date)).toBe(expected);
  });
});
