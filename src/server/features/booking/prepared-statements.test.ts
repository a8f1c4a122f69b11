import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { paramsOf } from '../../db/prepared';
import { bookingContextQuery } from './context-queries';
import { bookAtomicallyQuery } from './insert-queries';
import { bookVisitQuery } from './visit-insert-query';

// The booking's prepared statements are written once and then only their parameters are collected
// (db/prepared.ts, ADR 110): paramsOf must give drizzle's, in drizzle's order, for each of them.

const dialect = new PgDialect();
const now = new Date('2026-12-02T09:15:00Z');
const rule = { max: 20, window: 600 };
const id = (n: number) => `7c1f0000-0000-4000-8000-00000000000${n}`;
const values = {
  clientId: 'client-1',
  clientName: 'Marta Ruiz',
  clientEmail: 'marta@example.com',
  employeeName: 'Irene',
  serviceId: id(1),
  serviceName: 'Limpieza facial',
  serviceDuration: 60,
  price: 45.5,
  startTime: new Date('2026-12-03T09:00:00Z'),
  endTime: new Date('2026-12-03T10:00:00Z'),
  notes: '',
  prepMinutes: 5,
  cleanupMinutes: 10,
  resourceIds: [id(2), id(3)],
};

const cases: Array<[string, ReturnType<typeof bookAtomicallyQuery>]> = [
  ['the booking statement', bookAtomicallyQuery({ now, employeeRecordId: id(5), expectedUserId: 'emp-1', maxFutureAppointments: 4, rate: { key: 'booking:client-1', rule, now: now.getTime() }, values })],
  ['the booking statement with a chosen bono and no resources', bookAtomicallyQuery({ now, employeeRecordId: id(5), expectedUserId: 'emp-1', maxFutureAppointments: 4, rate: { key: 'booking:client-1', rule, now: now.getTime() }, values: { ...values, resourceIds: [] }, bono: id(6) })],
  ['the context read of a booking', bookingContextQuery({ serviceId: id(1), professionalId: id(5), date: '2026-12-03', from: now, to: values.endTime, withBusy: false, clientId: 'client-1', now, rate: { key: 'k', rule, now: now.getTime() } })],
  ['the context read of a slot list', bookingContextQuery({ serviceId: id(1), professionalId: id(5), date: '2026-12-03', from: now, to: values.endTime, withBusy: true })],
  [
    'the visit statement',
    bookVisitQuery({
      now,
      visitId: id(7),
      client: { clientId: 'client-1', clientName: 'Marta Ruiz', clientEmail: 'marta@example.com' },
      maxFutureAppointments: 4,
      visitDate: '2026-12-03',
      parts: [0, 1].map((index) => ({ index, employeeRecordId: id(5 + index), expectedUserId: `emp-${index}`, values: { ...values, resourceIds: [] } })),
    }),
  ],
];

describe("paramsOf on the booking's statements", () => {
  it.each(cases)('%s', (_, query) => {
    const expected = dialect.sqlToQuery(query).params;
    expect(expected.length).toBeGreaterThan(0);
    expect(paramsOf(query)).toEqual(expected);
  });
});
