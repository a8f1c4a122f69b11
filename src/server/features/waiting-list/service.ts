import { sql } from 'drizzle-orm';
import { horizonOf, lastBookableDate } from '../../../domain/booking-limits';
import { salonDateOf, salonTimeOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { WAITING_MSG } from '../../../domain/texts/waiting-list';
import { entryProblem, fitsHours, MAX_OPEN_ENTRIES, type PartOfDay } from '../../../domain/waiting-list';
import { accountName } from '../../auth/account-name';
import { lockClient } from '../../db/client-lock';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { isId } from '../../http/params';
import type { BookingPort } from './port';
import {
  entriesForDay,
  entryById,
  insertEntry,
  insertOffer,
  offerById,
  openEntriesOf,
  recordIdOfUser,
  recordOfAccount,
  withdrawEntry,
  type EntryRow,
} from './queries';
import { offerPath, offerToken, sendUnsentOffers, type SendDeps } from './send-offers';

// The waiting list's rules and transactions (ADR 070-073): a client's own entries, the desk's
// for a phone client, the desk's list of a day with the times free now, and its one-tap offer.

export type Ctx = Pick<Deps, 'db' | 'now' | 'log' | 'mailer' | 'messageSecret'> & {
  publicUrl: string;
  whatsapp?: SendDeps['whatsapp'];
  sms?: SendDeps['sms'];
};

export type EntryRequest = {
  serviceId: string;
  professionalId: string | null;
  fromDate: string;
  toDate: string;
  partOfDay: PartOfDay;
  fromTime?: string | null;
  toTime?: string | null;
};

/** The room's context from the server's Deps (composed in app.ts and start.ts). */
export const waitingListCtx = (deps: Pick<Deps, 'db' | 'now' | 'log' | 'mailer' | 'messageSecret' | 'config'>): Ctx => ({
  db: deps.db,
  now: deps.now,
  log: deps.log,
  mailer: deps.mailer,
  messageSecret: deps.messageSecret,
  publicUrl: deps.config.publicUrl,
  whatsapp: deps.config.whatsapp,
  sms: deps.config.sms,
});

const today = (ctx: Pick<Ctx, 'now'>) => salonDateOf(ctx.now(), SALON_TIME_ZONE);
const sendDeps = (ctx: Ctx): SendDeps => ({ ...ctx });

async function horizonLastDay(ctx: Ctx): Promise<string> {
  const { rows } = await ctx.db.execute<{ h: number | null }>(sql`SELECT booking_horizon_days AS h FROM salon_settings WHERE id = 1`);
  return lastBookableDate(today(ctx), horizonOf(rows[0]?.h));
}

/** One entry for a record, under her lock (ADR 053: her lock first) so her cap of open entries holds under concurrent requests. */
async function addEntry(
  ctx: Ctx,
  clientId: string | ((tx: Parameters<Parameters<Ctx['db']['transaction']>[0]>[0]) => Promise<string>),
  req: EntryRequest,
  source: 'client' | 'staff',
  lockKey: string,
) {
  const problem = entryProblem(req, today(ctx), await horizonLastDay(ctx));
  if (problem) throw badRequest(problem, problem === WAITING_MSG.hoursBackwards ? 'invalid_hours' : 'invalid_range');
  if (!isId(req.serviceId)) throw notFound(MSG.serviceNotFoundOrUnavailable);
  if (req.professionalId !== null && !isId(req.professionalId)) throw notFound(STAFF_MSG.employeeNotFound);
  const fromDate = req.fromDate < today(ctx) ? today(ctx) : req.fromDate;
  const result = await ctx.db.transaction(async (tx) => {
    await lockClient(tx, lockKey);
    const id = typeof clientId === 'string' ? clientId : await clientId(tx);
    return insertEntry(
      tx,
      {
        clientId: id,
        serviceId: req.serviceId,
        employeeId: req.professionalId,
        fromDate,
        toDate: req.toDate,
        partOfDay: req.partOfDay,
        fromTime: req.fromTime ?? null,
        toTime: req.toTime ?? null,
        source,
      },
      today(ctx),
      MAX_OPEN_ENTRIES,
    );
  });
  if (result === 'service') throw notFound(MSG.serviceNotFoundOrUnavailable);
  if (result === 'employee') throw badRequest(STAFF_MSG.serviceNotOffered, 'service_not_offered');
  if (result === 'too_many') throw conflict(WAITING_MSG.tooManyEntries, 'too_many_entries');
  return { entry: (await entryById(ctx.db, result.id))! };
}

/** "Avísame si se libera un hueco": the signed-in client for herself (her account's record). */
export const addMyEntry = (ctx: Ctx, user: SessionUser, req: EntryRequest) =>
  addEntry(
    ctx,
    (tx) => recordOfAccount(tx, { id: user.id, name: accountName(user) }),
    req,
    'client',
    user.id,
  );

/** The desk, for a client record (a phone client, with or without an account). */
export async function addDeskEntry(ctx: Ctx, req: EntryRequest & { clientId: string }) {
  if (!isId(req.clientId)) throw notFound(STAFF_MSG.clientNotFound);
  const { rows } = await ctx.db.execute<{ id: string; user_id: string | null; reachable: boolean }>(
    sql`SELECT id, user_id, (user_id IS NOT NULL OR phone IS NOT NULL OR email IS NOT NULL) AS reachable FROM clients WHERE id = ${req.clientId}::uuid`,
  );
  const record = rows[0];
  if (!record) throw notFound(STAFF_MSG.clientNotFound);
  // A deleted account's record keeps her visits but no way to reach her (ADR 091): a freed time
  // could never be told to her, and she asked to be forgotten.
  if (!record.reachable) throw badRequest(WAITING_MSG.clientUnreachable, 'client_unreachable');
  return addEntry(ctx, record.id, req, 'staff', record.user_id ?? record.id);
}

/** Her entries still waiting. */
export async function myEntries(ctx: Ctx, user: SessionUser) {
  const record = await recordIdOfUser(ctx.db, user.id);
  return { entries: record ? await openEntriesOf(ctx.db, record, today(ctx)) : [] };
}

export async function withdrawMine(ctx: Ctx, user: SessionUser, id: string) {
  const record = await recordIdOfUser(ctx.db, user.id);
  if (!record || !isId(id) || !(await withdrawEntry(ctx.db, id, record))) throw notFound(WAITING_MSG.entryNotFound);
  return { withdrawn: true };
}

export async function withdrawByDesk(ctx: Ctx, id: string) {
  if (!isId(id) || !(await withdrawEntry(ctx.db, id, null))) throw notFound(WAITING_MSG.entryNotFound);
  return { withdrawn: true };
}

/** Who does a service (active, with an account): the professionals an "anyone" entry may be offered. */
async function doersOf(ctx: Ctx, serviceId: string): Promise<{ id: string; name: string }[]> {
  const { rows } = await ctx.db.execute<{
    id: string;
    name: string;
  }>(sql`SELECT e.id, e.name FROM employees e JOIN employee_services es ON es.employee_id = e.id
    WHERE es.service_id = ${serviceId}::uuid AND e.is_active AND e.user_id IS NOT NULL ORDER BY e.name, e.id`);
  return rows;
}

/** At most this many free times per entry on the desk's list: enough to choose, short enough to read. */
const TIMES_SHOWN = 4;

/**
 * The desk's list beside the day view: who waits for that day, first come first, and for each the
 * times free now that fit her (the availability rule's, in her part of the day), to offer with one tap.
 */
export async function deskDay(ctx: Ctx, booking: BookingPort, date: string) {
  const entries = await entriesForDay(ctx.db, date, today(ctx));
  const slotsOf = new Map<string, Promise<{ time: string; start: string }[]>>();
  const free = (serviceId: string, professionalId: string) => {
    const key = `${serviceId}:${professionalId}`;
    if (!slotsOf.has(key))
      slotsOf.set(
        key,
        booking.slots({ serviceId, professionalId, date }).catch(() => []),
      );
    return slotsOf.get(key)!;
  };
  const now = ctx.now();
  const out = [];
  for (const e of entries) {
    const who = e.employeeId ? [{ id: e.employeeId, name: e.employeeName ?? '' }] : await doersOf(ctx, e.serviceId);
    const times: { professionalId: string; professionalName: string; time: string }[] = [];
    for (const p of who) {
      for (const s of await free(e.serviceId, p.id)) {
        if (new Date(s.start) > now && fitsHours(s.time, e)) times.push({ professionalId: p.id, professionalName: p.name, time: s.time });
      }
    }
    times.sort((a, b) => a.time.localeCompare(b.time));
    out.push({ ...publicEntry(e), clientPhone: e.clientPhone, channel: e.channel ?? null, freeTimes: times.slice(0, TIMES_SHOWN) });
  }
  return { date, entries: out };
}

const publicEntry = (e: EntryRow) => ({
  id: e.id,
  clientId: e.clientId,
  clientName: e.clientName,
  serviceId: e.serviceId,
  serviceName: e.serviceName,
  employeeId: e.employeeId,
  employeeName: e.employeeName,
  fromDate: e.fromDate,
  toDate: e.toDate,
  partOfDay: e.partOfDay,
  fromTime: e.fromTime,
  toTime: e.toTime,
  source: e.source,
  createdAt: e.createdAt,
});

/**
 * The desk offers a time free now to one waiting client with one tap: the time must be one the
 * availability rule offers a client for her service with that professional; she is told through
 * her channel at once, and the desk gets the link (to send by hand when her channel is 'none').
 */
export async function deskOffer(
  ctx: Ctx,
  booking: BookingPort,
  entryId: string,
  req: { professionalId: string; date: string; time: string },
) {
  const entry = isId(entryId) ? await entryById(ctx.db, entryId) : null;
  if (!entry || entry.status !== 'waiting') throw notFound(WAITING_MSG.entryNotFound);
  if (!isId(req.professionalId) || (entry.employeeId !== null && entry.employeeId !== req.professionalId))
    throw notFound(STAFF_MSG.employeeNotFound);
  const slots = await booking.slots({ serviceId: entry.serviceId, professionalId: req.professionalId, date: req.date });
  const slot = slots.find((s) => s.time === req.time && new Date(s.start) > ctx.now());
  if (!slot) throw conflict(MSG.slotTaken, 'slot_taken');
  const start = new Date(slot.start);
  const id =
    (await insertOffer(ctx.db, { entryId: entry.id, employeeId: req.professionalId, start })) ??
    (await existingOffer(ctx, entry.id, req.professionalId, start));
  await sendUnsentOffers(sendDeps(ctx));
  const offer = await offerById(ctx.db, id);
  return {
    offered: true,
    channel: offer?.channel ?? 'none',
    link: `${ctx.publicUrl}${offerPath(offerToken(ctx.messageSecret, id))}`,
    time: salonTimeOf(start, SALON_TIME_ZONE),
  };
}

async function existingOffer(ctx: Ctx, entryId: string, employeeId: string, start: Date): Promise<string> {
  const { rows } = await ctx.db.execute<{ id: string }>(
    sql`SELECT id FROM waiting_list_offers WHERE entry_id = ${entryId}::uuid AND employee_id = ${employeeId}::uuid AND start_time = ${start.toISOString()}::timestamptz`,
  );
  return rows[0]!.id;
}
