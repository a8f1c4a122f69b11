import { describe, expect, it } from 'vitest';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { draftOf, needsOf, needsSummary, toggled, type NeedsDraft } from './service-needs';

// Ids as the server makes them (uuid); only their identity matters here.
const LASER = '00000000-0000-4000-8000-000000000001';
const C1 = '00000000-0000-4000-8000-000000000002';
const C2 = '00000000-0000-4000-8000-000000000003';
const OLD = '00000000-0000-4000-8000-000000000004';
const ACTIVE = new Set([LASER, C1, C2]);
const NAMES: Record<string, string> = { [LASER]: 'Láser de diodo', [C1]: 'Cabina 1', [C2]: 'Cabina 2', [OLD]: 'Cabina vieja' };
const draft = (over: Partial<NeedsDraft>): NeedsDraft => ({ prep: '0', cleanup: '0', groups: [], ...over });

describe('draftOf', () => {
  it.each([
    ['a new service needs nothing', null, { prep: '0', cleanup: '0', groups: [] }],
    [
      'a saved one keeps its minutes and groups',
      { prepMinutes: 5, cleanupMinutes: 10, resourceGroups: [{ resourceIds: [LASER] }, { resourceIds: [C1, C2] }] },
      { prep: '5', cleanup: '10', groups: [[LASER], [C1, C2]] },
    ],
    [
      'an inactive resource leaves its group (the server would refuse it)',
      { prepMinutes: 0, cleanupMinutes: 0, resourceGroups: [{ resourceIds: [C1, OLD] }, { resourceIds: [OLD] }] },
      { prep: '0', cleanup: '0', groups: [[C1], []] },
    ],
  ] as const)('%s', (_, service, expected) => {
    expect(draftOf(service as Parameters<typeof draftOf>[0], ACTIVE)).toEqual(expected);
  });

  it('keeps every id while the active resources are not known yet', () => {
    const service = { prepMinutes: 0, cleanupMinutes: 5, resourceGroups: [{ resourceIds: [C1, OLD] }] };
    expect(draftOf(service, null)).toEqual({ prep: '0', cleanup: '5', groups: [[C1, OLD]] });
  });
});

describe('toggled', () => {
  it.each([
    [[], C1, [C1]],
    [[C1], C2, [C1, C2]],
    [[C1, C2], C1, [C2]],
  ])('%o with %s ticked or unticked is %o', (group, id, expected) => {
    expect(toggled(group, id)).toEqual(expected);
  });
});

describe('needsOf', () => {
  it.each([
    ['nothing needed', draft({}), { ok: { prepMinutes: 0, cleanupMinutes: 0, resourceGroups: [] } }],
    ['empty boxes are 0', draft({ prep: ' ', cleanup: '' }), { ok: { prepMinutes: 0, cleanupMinutes: 0, resourceGroups: [] } }],
    [
      'the laser and any cabin, 10 min cleaning',
      draft({ cleanup: '10', groups: [[LASER], [C1, C2]] }),
      { ok: { prepMinutes: 0, cleanupMinutes: 10, resourceGroups: [{ resourceIds: [LASER] }, { resourceIds: [C1, C2] }] } },
    ],
    ['120 is the most', draft({ prep: '120', cleanup: '120' }), { ok: { prepMinutes: 120, cleanupMinutes: 120, resourceGroups: [] } }],
    ['preparation over 120', draft({ prep: '121' }), { error: STAFF_MSG.serviceBuffersInvalid, field: 'prep' }],
    ['preparation not whole', draft({ prep: '2.5' }), { error: STAFF_MSG.serviceBuffersInvalid, field: 'prep' }],
    ['cleaning negative', draft({ cleanup: '-5' }), { error: STAFF_MSG.serviceBuffersInvalid, field: 'cleanup' }],
    ['cleaning not a number', draft({ cleanup: 'diez' }), { error: STAFF_MSG.serviceBuffersInvalid, field: 'cleanup' }],
    ['a group with nothing ticked', draft({ groups: [[LASER], []] }), { error: STAFF_MSG.resourceGroupEmpty, field: 'groups' }],
    ['an inactive resource', draft({ groups: [[OLD]] }), { error: STAFF_MSG.resourceGroupInactive, field: 'groups' }],
    ['six groups', draft({ groups: Array.from({ length: 6 }, () => [C1]) }), { error: STAFF_MSG.resourceGroupsTooMany, field: 'groups' }],
  ] as const)('%s', (_, d, expected) => {
    expect(needsOf(d as NeedsDraft, ACTIVE)).toEqual(expected);
  });
});

describe('needsSummary', () => {
  const nameOf = (id: string) => NAMES[id];
  const needs = (prepMinutes: number, cleanupMinutes: number, groups: string[][]) => ({
    prepMinutes,
    cleanupMinutes,
    resourceGroups: groups.map((resourceIds) => ({ resourceIds })),
  });
  it.each([
    ['nothing', needs(0, 0, []), null],
    ['one machine', needs(0, 0, [[LASER]]), 'Necesita Láser de diodo'],
    ['a machine and any cabin, cleaning', needs(0, 10, [[LASER], [C1, C2]]), 'Necesita Láser de diodo · Cabina 1 o Cabina 2 · limpieza 10 min'],
    ['only buffers', needs(5, 10, []), 'Preparación 5 min · limpieza 10 min'],
    ['an unknown id is skipped, and a group left empty too', needs(0, 0, [['nope'], [C1, 'nope']]), 'Necesita Cabina 1'],
  ] as const)('%s', (_, s, text) => {
    expect(needsSummary(s as Parameters<typeof needsSummary>[0], nameOf)).toBe(text);
  });
});
