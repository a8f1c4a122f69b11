import { describe, expect, it } from 'vitest';
import { VISIT_PARTS_MAX } from '../../domain/visit-fit';
import { firstPlan, planFrom, planView, visitPlanReducer, type VisitPlan, type VisitPlanAction } from './visit-plan';
import type { VisitSlotAnswer } from './visit-times';

// The visit planners' rules (ADRs 092, 104, 105): one table for the booking page's, the desk's and
// the public page's planners, which hold this state through use-visit-plan.ts.

const DATE = '2026-12-03';
const slot: VisitSlotAnswer = {
  time: '10:30',
  start: '2026-12-03T09:30:00.000Z',
  parts: [
    { start: '2026-12-03T09:30:00.000Z', end: '2026-12-03T10:15:00.000Z' },
    { start: '2026-12-03T10:15:00.000Z', end: '2026-12-03T11:00:00.000Z' },
  ],
};
const manicure = { id: 'mani', parallelAllowed: true };
const pedicure = { id: 'pedi', parallelAllowed: true };
const facial = { id: 'facial', parallelAllowed: false };
const services = [manicure, pedicure, facial];

/** A manicure with Lucía and a pedicure with Marta, at 10:30 on DATE. */
const chosen = (over: Partial<VisitPlan> = {}): VisitPlan => ({
  parts: [
    { serviceId: 'mani', professionalId: 'lucia' },
    { serviceId: 'pedi', professionalId: 'marta' },
  ],
  wantedMode: 'parallel',
  date: DATE,
  slot,
  ...over,
});
const run = (plan: VisitPlan, ...actions: VisitPlanAction[]) => actions.reduce(visitPlanReducer, plan);

describe('a new plan and a plan given back', () => {
  it('opens with the screen’s service and professional and an empty second part, one after another, no time', () => {
    expect(firstPlan({ serviceId: 'mani', professionalId: 'lucia' }, DATE)).toEqual({
      parts: [
        { serviceId: 'mani', professionalId: 'lucia' },
        { serviceId: '', professionalId: '' },
      ],
      wantedMode: 'sequence',
      date: DATE,
      slot: null,
    });
  });

  it('gives back a refused visit’s parts, mode and day without its names, and asks the time again', () => {
    const refused = {
      parts: [
        { serviceId: 'mani', serviceName: 'Manicura', professionalId: 'lucia', professionalName: 'Lucía' },
        { serviceId: 'pedi', serviceName: 'Pedicura', professionalId: 'marta', professionalName: 'Marta' },
      ],
      mode: 'parallel' as const,
      date: DATE,
      time: '10:30',
      notes: 'piel sensible',
    };
    expect(planFrom(refused)).toEqual(chosen({ slot: null }));
    expect(planView(planFrom(refused), services)).toMatchObject({ mode: 'parallel', ready: true });
  });
});

describe('adding and removing parts', () => {
  it('adds an empty part and clears the time', () => {
    const plan = run(chosen(), { type: 'add' });
    expect(plan.parts).toHaveLength(3);
    expect(plan.parts[2]).toEqual({ serviceId: '', professionalId: '' });
    expect(plan.slot).toBeNull();
    expect(planView(plan, services)).toMatchObject({ ready: false, canAdd: VISIT_PARTS_MAX > 3 });
  });

  it(`adds none past ${VISIT_PARTS_MAX} parts`, () => {
    const full = run(chosen(), ...Array.from({ length: VISIT_PARTS_MAX }, () => ({ type: 'add' }) as const));
    expect(full.parts).toHaveLength(VISIT_PARTS_MAX);
    expect(planView(full, services).canAdd).toBe(false);
  });

  it.each([
    ['the added part', 2, ['mani', 'pedi']],
    ['a middle part', 1, ['mani', '']],
  ])('removes %s and clears the time', (_what, index, left) => {
    const plan = run(chosen(), { type: 'add' }, { type: 'time', slot }, { type: 'remove', index });
    expect(plan.parts.map((x) => x.serviceId)).toEqual(left);
    expect(plan.slot).toBeNull();
  });

  it.each([
    ['the first part (the screen’s own service)', 0],
    ['a part that is not there', 5],
  ])('never removes %s', (_what, index) => {
    const plan = chosen();
    expect(visitPlanReducer(plan, { type: 'remove', index })).toBe(plan);
  });
});

describe('a part’s service and professional', () => {
  it.each([
    ['she does the new service too: she stays', ['lucia', 'marta'], 'lucia'],
    ['she does not, and one other does: that one', ['ana'], 'ana'],
    ['she does not, and several do: nobody yet', ['ana', 'eva'], ''],
    ['nobody does it', [], ''],
    ['the screen does not know yet who does it: nobody yet', undefined, ''],
  ] as const)('a part’s service changes, %s', (_what, doers, professionalId) => {
    const plan = visitPlanReducer(chosen(), { type: 'service', index: 0, serviceId: 'facial', doers });
    expect(plan.parts[0]).toEqual({ serviceId: 'facial', professionalId });
    expect(plan.parts[1]).toEqual({ serviceId: 'pedi', professionalId: 'marta' });
    expect(plan.slot).toBeNull();
  });

  it('the same service again is no change: her time stays', () => {
    const plan = chosen();
    expect(visitPlanReducer(plan, { type: 'service', index: 1, serviceId: 'pedi' })).toBe(plan);
  });

  it('another professional clears the time; the same one is no change', () => {
    expect(visitPlanReducer(chosen(), { type: 'professional', index: 1, professionalId: 'ana' })).toEqual(
      chosen({
        parts: [
          { serviceId: 'mani', professionalId: 'lucia' },
          { serviceId: 'pedi', professionalId: 'ana' },
        ],
        slot: null,
      }),
    );
    const plan = chosen();
    expect(visitPlanReducer(plan, { type: 'professional', index: 1, professionalId: 'marta' })).toBe(plan);
  });
});

describe('the mode, the day and the time', () => {
  it.each([
    ['the mode', { type: 'mode', mode: 'sequence' }],
    ['the day', { type: 'date', date: '2026-12-04' }],
    ['a refusal', { type: 'clear-time' }],
  ] as const)('%s clears the chosen time', (_what, action) => {
    expect(visitPlanReducer(chosen(), action).slot).toBeNull();
  });

  it.each([
    ['the same mode', { type: 'mode', mode: 'parallel' }],
    ['the same day', { type: 'date', date: DATE }],
  ] as const)('%s is no change: her time stays', (_what, action) => {
    expect(visitPlanReducer(chosen(), action).slot).toBe(slot);
  });

  it('a time is chosen', () => {
    expect(visitPlanReducer(chosen({ slot: null }), { type: 'time', slot }).slot).toBe(slot);
  });
});

describe('what the screens read', () => {
  it.each([
    ['every service may go at once: her choice', ['mani', 'pedi'], true, 'parallel'],
    ['one may not: one after another', ['mani', 'facial'], false, 'sequence'],
    ['a part without a service yet: one after another', ['mani', ''], false, 'sequence'],
  ])('%s', (_what, ids, parallelOffered, mode) => {
    const plan = chosen({ parts: ids.map((serviceId) => ({ serviceId, professionalId: 'lucia' })) });
    expect(planView(plan, services)).toMatchObject({ parallelOffered, mode });
  });

  it.each([
    [
      'every part with its service and professional',
      [
        ['mani', 'lucia'],
        ['pedi', 'marta'],
      ],
      true,
    ],
    [
      'a part without its professional',
      [
        ['mani', 'lucia'],
        ['pedi', ''],
      ],
      false,
    ],
    [
      'a part without its service',
      [
        ['mani', 'lucia'],
        ['', ''],
      ],
      false,
    ],
  ])('ready to ask the times: %s', (_what, parts, ready) => {
    const plan = chosen({
      parts: parts.map(([serviceId, professionalId]) => ({ serviceId: serviceId!, professionalId: professionalId! })),
    });
    expect(planView(plan, services).ready).toBe(ready);
  });

  it('gives each part its service, and the services already taken', () => {
    const view = planView(chosen(), services);
    expect(view.chosen).toEqual([manicure, pedicure]);
    expect([...view.taken]).toEqual(['mani', 'pedi']);
  });
});
