import { sql } from 'drizzle-orm';
import { offerToken } from '../../src/server/features/waiting-list/send-offers';
import type { TestServer } from './test-server';

// A time the waiting list has told a client of (ADRs 070-072), as the worker leaves it: her entry
// for that day and a sent offer, and the signed link's token the message carries.
export async function toldOffer(
  server: TestServer,
  o: { clientRecord: string; serviceId: string; employeeRecord: string; start: Date },
): Promise<string> {
  const day = o.start.toISOString().slice(0, 10);
  const { rows } = await server.deps.db.execute<{ id: string }>(sql`INSERT INTO waiting_list_entries (client_id, service_id, from_date, to_date, part_of_day, source)
    VALUES (${o.clientRecord}::uuid, ${o.serviceId}::uuid, ${day}::date, ${day}::date, 'any', 'staff') RETURNING id`);
  const offer = await server.deps.db.execute<{ id: string }>(sql`INSERT INTO waiting_list_offers (entry_id, employee_id, start_time, channel, sent_at)
    VALUES (${rows[0]!.id}::uuid, ${o.employeeRecord}::uuid, ${o.start.toISOString()}::timestamptz, 'none', now()) RETURNING id`);
  return offerToken(server.deps.messageSecret, offer.rows[0]!.id);
}
