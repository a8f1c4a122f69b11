import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { arrangeSalon, newClient, type Salon } from '../../../../test/support/booking-fixtures';
import type { Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// A booking and a back-office save of the same professional are serialised on the employee row
// (booking: FOR SHARE inside its transaction; the save: FOR UPDATE first, ADR 004). Here a second
// connection holds the row as the back office would, unlinks the account, and only then lets the
// booking continue: the booking must see the change and be refused, never land on the old account.

const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let salon: Salon;
let marta: Session;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server);
  marta = await newClient(server, 'marta.race@example.com', 'Marta García');
});

afterAll(async () => {
  await server?.close();
});

it('a booking waiting on an unlink in progress is refused once the unlink commits, and nothing is booked', async () => {
  const admin = new pg.Client({ connectionString: server.dbUrl });
  await admin.connect();
  try {
    await admin.query('BEGIN');
    await admin.query('SELECT 1 FROM employees WHERE id = $1 FOR UPDATE', [salon.lucia]);

    const pending = marta.post('/api/booking', { serviceId: salon.corte, professionalId: salon.lucia, date: '2026-01-15', time: '10:00' });
    // Give the booking time to reach its lock and wait there.
    await new Promise((r) => setTimeout(r, 500));
    await admin.query('UPDATE employees SET user_id = NULL, user_account_email = NULL WHERE id = $1', [salon.lucia]);
    await admin.query('COMMIT');

    const res = await pending;
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MSG.employeeNoAccount);
    const rows = await admin.query('SELECT count(*)::int AS n FROM appointments WHERE employee_id = $1', [salon.luciaUserId]);
    expect(rows.rows[0].n).toBe(0);
  } finally {
    await admin.end();
  }
});
