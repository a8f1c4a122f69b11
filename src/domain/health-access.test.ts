import { describe, expect, it } from 'vitest';
import { CONSENT_MSG } from './consents';
import {
  consentLinkAccess,
  HEALTH_ACCESS_AFTER_DELETION,
  HEALTH_ACCESS_NOTICE,
  HEALTH_ACCESS_SIGNING,
  HEALTH_READ_DAYS_AFTER,
  HEALTH_READ_DAYS_BEFORE,
  hasOpenHealthVisit,
  healthReadDecision,
  healthReadRefusal,
  healthReadWindow,
  mayWitness,
  type HealthVisit,
} from './health-access';
import { ROLES } from './roles';

// Need-to-know for health answers (ADR 051): the tables are the rule.

const LASER = 'tpl-laser';
const PEEL = 'tpl-peeling';
const IRENE = 'u-irene';
const MARTA = 'u-marta';
const visit = (v: Partial<HealthVisit>): HealthVisit => ({
  id: 'a1',
  employeeUserId: IRENE,
  status: 'confirmed',
  day: '2026-05-14',
  requiredTemplateIds: [LASER],
  ...v,
});
const irene = { role: 'employee' as const, userId: IRENE };
const laserDoc = { templateId: LASER, clientUserId: 'u-clienta' };

describe('healthReadWindow', () => {
  it.each([
    ['a Thursday', '2026-05-14', '2026-05-12', '2026-05-15'],
    ['across a month', '2026-06-01', '2026-05-30', '2026-06-02'],
    ['across a year', '2027-01-01', '2026-12-30', '2027-01-02'],
    ['the spring DST change (a 23-hour day)', '2026-03-29', '2026-03-27', '2026-03-30'],
    ['the autumn DST change (a 25-hour day)', '2026-10-25', '2026-10-23', '2026-10-26'],
  ])('%s', (_name, day, from, until) => expect(healthReadWindow(day)).toEqual({ from, until }));
});

describe('healthReadDecision', () => {
  it.each<[string, Parameters<typeof healthReadDecision>, ReturnType<typeof healthReadDecision>]>([
    ['the admin, with no visit at all', [{ role: 'admin', userId: 'u-jefa' }, laserDoc, [], '2026-01-01'], { allowed: true, via: 'admin' }],
    ['the client, her own', [{ role: 'client', userId: 'u-clienta' }, laserDoc, [], '2026-01-01'], { allowed: true, via: 'own' }],
    [
      'an employee who is that client, her own',
      [{ role: 'employee', userId: 'u-clienta' }, laserDoc, [], '2026-01-01'],
      { allowed: true, via: 'own' },
    ],
    ['another client', [{ role: 'client', userId: 'u-otra' }, laserDoc, [], '2026-05-14'], { allowed: false, reason: 'not_treating' }],
    [
      'the receptionist, even on the day of a visit she booked (ADR 063: she does not treat)',
      [{ role: 'receptionist', userId: 'u-recepcion' }, laserDoc, [visit({ employeeUserId: 'u-recepcion' })], '2026-05-14'],
      { allowed: false, reason: 'not_treating' },
    ],
    [
      'her laser visit, two days before (the first day)',
      [irene, laserDoc, [visit({})], '2026-05-12'],
      { allowed: true, via: 'visit', appointmentId: 'a1' },
    ],
    ['her laser visit, the day itself', [irene, laserDoc, [visit({})], '2026-05-14'], { allowed: true, via: 'visit', appointmentId: 'a1' }],
    [
      'her laser visit, the day after (the last day)',
      [irene, laserDoc, [visit({})], '2026-05-15'],
      { allowed: true, via: 'visit', appointmentId: 'a1' },
    ],
    [
      'three days before: not yet, and when it opens',
      [irene, laserDoc, [visit({})], '2026-05-11'],
      { allowed: false, reason: 'not_yet', opensOn: '2026-05-12' },
    ],
    ['two days after: too late', [irene, laserDoc, [visit({})], '2026-05-16'], { allowed: false, reason: 'too_late' }],
    [
      'a completed visit, the day after',
      [irene, laserDoc, [visit({ status: 'completed' })], '2026-05-15'],
      { allowed: true, via: 'visit', appointmentId: 'a1' },
    ],
    [
      'a cancelled visit',
      [irene, laserDoc, [visit({ status: 'cancelled_by_salon' })], '2026-05-14'],
      { allowed: false, reason: 'not_treating' },
    ],
    [
      'a visit cancelled by her',
      [irene, laserDoc, [visit({ status: 'cancelled_by_client' })], '2026-05-14'],
      { allowed: false, reason: 'not_treating' },
    ],
    ['a no-show', [irene, laserDoc, [visit({ status: 'no_show' })], '2026-05-14'], { allowed: false, reason: 'not_treating' }],
    [
      'a manicure she booked herself on her own agenda',
      [irene, laserDoc, [visit({ requiredTemplateIds: [] })], '2026-05-14'],
      { allowed: false, reason: 'not_treating' },
    ],
    [
      'a peeling: another consent',
      [irene, laserDoc, [visit({ requiredTemplateIds: [PEEL] })], '2026-05-14'],
      { allowed: false, reason: 'not_treating' },
    ],
    [
      'another professional’s laser visit',
      [irene, laserDoc, [visit({ employeeUserId: MARTA })], '2026-05-14'],
      { allowed: false, reason: 'not_treating' },
    ],
    [
      'a past visit too late, the next one opens later: when',
      [irene, laserDoc, [visit({ id: 'old', day: '2026-04-01' }), visit({ id: 'next', day: '2026-06-10' })], '2026-05-14'],
      { allowed: false, reason: 'not_yet', opensOn: '2026-06-08' },
    ],
    [
      'two visits: the one whose window is open',
      [irene, laserDoc, [visit({ id: 'next', day: '2026-06-10' }), visit({ id: 'now', day: '2026-05-15' })], '2026-05-14'],
      { allowed: true, via: 'visit', appointmentId: 'now' },
    ],
  ])('%s', (_name, args, expected) => expect(healthReadDecision(...args)).toEqual(expected));
});

describe('mayWitness', () => {
  it.each([
    ['the admin, any visit', 'admin', 'u-jefa', IRENE, true],
    ['the professional who treats her', 'employee', IRENE, IRENE, true],
    ['another professional', 'employee', MARTA, IRENE, false],
    ['a client, even her own visit', 'client', IRENE, IRENE, false],
    ['the receptionist, any visit (she hands the tablet over; ADR 063)', 'receptionist', 'u-recepcion', IRENE, true],
  ] as const)('%s', (_name, role, userId, treating, expected) =>
    expect(mayWitness(role, userId, { employeeUserId: treating })).toBe(expected),
  );

  it('says something for every role (a new role is one line in its table)', () => {
    for (const role of ROLES) expect(typeof mayWitness(role, 'x', { employeeUserId: 'y' })).toBe('boolean');
  });
});

describe('consentLinkAccess', () => {
  // A visit on Thursday 14 May 2026, 10:00-11:00 in Madrid (08:00-09:00 UTC).
  const a = (status: string) => ({ status, startTime: new Date('2026-05-14T08:00:00Z'), endTime: new Date('2026-05-14T09:00:00Z') });
  it.each([
    ['months before, confirmed: sign', 'confirmed', '2026-02-01T10:00:00Z', 'sign'],
    ['during the visit: sign', 'confirmed', '2026-05-14T08:30:00Z', 'sign'],
    ['after it ended, the same day: her documents only', 'confirmed', '2026-05-14T09:00:00Z', 'read'],
    ['completed, that evening (23:59 in Madrid)', 'completed', '2026-05-14T21:59:00Z', 'read'],
    ['completed, the next salon day (00:00 in Madrid)', 'completed', '2026-05-14T22:00:00Z', 'closed'],
    ['cancelled by the salon, before', 'cancelled_by_salon', '2026-05-01T10:00:00Z', 'closed'],
    ['cancelled by her, before', 'cancelled_by_client', '2026-05-01T10:00:00Z', 'closed'],
    ['a no-show, that day', 'no_show', '2026-05-14T12:00:00Z', 'closed'],
  ])('%s', (_name, status, now, expected) => expect(consentLinkAccess(a(status), new Date(now))).toBe(expected));
});

describe('the form to sign opens while the visit is confirmed and has not ended', () => {
  const NOW = '2026-03-02T10:00:00Z';
  it.each([
    ['confirmed, later today', 'confirmed', '2026-03-02T11:00:00Z', true],
    ['confirmed, under way', 'confirmed', '2026-03-02T10:00:01Z', true],
    ['confirmed, ended this instant', 'confirmed', NOW, false],
    ['confirmed, ended', 'confirmed', '2026-03-02T09:00:00Z', false],
    ['completed', 'completed', '2026-03-02T11:00:00Z', false],
    ['cancelled', 'cancelled_by_client', '2026-03-02T11:00:00Z', false],
    ['no show', 'no_show', '2026-03-02T11:00:00Z', false],
  ])('%s', (_, status, endTime, open) =>
    expect(
      consentLinkAccess({ status, startTime: new Date('2026-03-02T08:00:00Z'), endTime: new Date(endTime) }, new Date(NOW)) === 'sign',
    ).toBe(open),
  );
});

describe('healthReadRefusal', () => {
  it.each<[Parameters<typeof healthReadRefusal>[0], string]>([
    [
      { allowed: false, reason: 'not_yet', opensOn: '2026-05-12' },
      'Podrás ver sus respuestas desde el 12/05/2026, dos días antes de su cita.',
    ],
    [{ allowed: false, reason: 'too_late' }, CONSENT_MSG.readTooLate],
    [{ allowed: false, reason: 'not_treating' }, CONSENT_MSG.notYourClient],
  ])('%j', (d, text) => expect(healthReadRefusal(d)).toBe(text));
});

describe('hasOpenHealthVisit', () => {
  it.each([
    ['her laser visit tomorrow', [visit({ day: '2026-05-15' })], true],
    ['her manicure tomorrow', [visit({ day: '2026-05-15', requiredTemplateIds: [] })], false],
    ['her laser visit next month', [visit({ day: '2026-06-15' })], false],
    ['another professional’s laser visit', [visit({ day: '2026-05-15', employeeUserId: MARTA })], false],
    ['a cancelled laser visit', [visit({ day: '2026-05-15', status: 'cancelled_by_client' })], false],
  ])('%s', (_name, visits, open) => expect(hasOpenHealthVisit(irene, visits, '2026-05-14')).toBe(open));
});

describe('the privacy notice says what the rule does', () => {
  const WORDS: Record<number, string> = { 1: 'un día', 2: 'dos días', 3: 'tres días' };
  it('the window, in days, in the notice and on the signing page', () => {
    for (const text of [HEALTH_ACCESS_NOTICE, HEALTH_ACCESS_SIGNING])
      expect(text).toContain(`desde ${WORDS[HEALTH_READ_DAYS_BEFORE]} antes`);
    expect(HEALTH_READ_DAYS_AFTER).toBe(1);
    for (const text of [HEALTH_ACCESS_NOTICE, HEALTH_ACCESS_SIGNING, HEALTH_ACCESS_AFTER_DELETION])
      expect(text).toContain('hasta el día siguiente');
  });
  it('after her account is deleted, the admin, and her professional only until the window closes', () => {
    expect(HEALTH_ACCESS_AFTER_DELETION).toContain(
      'visibles solo para la dirección del salón (y para la profesional que te atendió, hasta el día siguiente',
    );
  });
  it('every read and every refused one is logged; the lists show no detail', () => {
    expect(HEALTH_ACCESS_NOTICE).toContain(
      'alguien del salón abre tus respuestas o tu documento firmado, o alguien lo intenta sin permiso, queda registrado quién y cuándo',
    );
    expect(HEALTH_ACCESS_SIGNING).toContain('queda registrado quién las abre');
    expect(HEALTH_ACCESS_NOTICE).toContain('solo dicen si hay contraindicaciones, no cuáles');
  });
});
