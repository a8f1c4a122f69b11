import { phoneDigits } from '../../../domain/phone';
import { checkClientFields, mayManageAgenda, type ClientFields } from '../../../domain/front-desk-rules';
import { STAFF_MSG } from '../../../domain/staff-messages';
import { dayBounds, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { isSlotInterval } from '../../../domain/slots';
import { dayScheduleOf } from '../../../domain/weekly-schedule';
import { attachClientRecords } from '../../accounts/client-records';
import type { Deps, SessionUser } from '../../http/env';
import { badRequest, notFound } from '../../http/errors';
import {
  activeProfessionals,
  appointmentAgenda,
  appointmentsBetween,
  appointmentsOfClientRecord,
  changesOf,
  clientById,
  clientTotals,
  insertClient,
  searchClients,
  slotInterval,
  updateClient,
  verifiedUserWithEmail,
} from './queries';

type Ctx = Pick<Deps, 'db' | 'now'>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findClients(ctx: Ctx, q: string) {
  return { clients: await searchClients(ctx.db, { text: q, digits: phoneDigits(q), limit: 20 }) };
}

function clean(f: ClientFields) {
  const checked = checkClientFields(f);
  if (!checked.ok) throw badRequest(checked.message);
  return checked.value;
}

/** A record with the email of an account whose email is verified is that account's at once. */
async function attachIfVerified(ctx: Ctx, email: string | null) {
  if (!email) return;
  const userId = await verifiedUserWithEmail(ctx.db, email);
  if (userId) await attachClientRecords(ctx.db, userId);
}

export async function createClient(ctx: Ctx, f: ClientFields) {
  const value = clean(f);
  const row = await insertClient(ctx.db, value);
  await attachIfVerified(ctx, value.email);
  return (await clientById(ctx.db, row.id)) ?? row;
}

export async function editClient(ctx: Ctx, id: string, f: ClientFields) {
  if (!UUID.test(id)) throw notFound(STAFF_MSG.clientNotFound);
  const value = clean(f);
  const row = await updateClient(ctx.db, id, value, ctx.now());
  if (!row) throw notFound(STAFF_MSG.clientNotFound);
  await attachIfVerified(ctx, value.email);
  return (await clientById(ctx.db, id)) ?? row;
}

/** The client's page: the record with its private notes, upcoming and past appointments, totals. */
export async function clientPage(ctx: Ctx, id: string) {
  const client = UUID.test(id) ? await clientById(ctx.db, id) : undefined;
  if (!client) throw notFound(STAFF_MSG.clientNotFound);
  const { userId: _userId, ...shown } = client;
  const [list, totals] = await Promise.all([appointmentsOfClientRecord(ctx.db, id), clientTotals(ctx.db, id)]);
  const now = ctx.now().getTime();
  const upcoming = list.filter((a) => a.status === 'confirmed' && a.endTime.getTime() > now).reverse();
  const past = list.filter((a) => !(a.status === 'confirmed' && a.endTime.getTime() > now));
  return { client: shown, upcoming, past, totals };
}


/**
 * The salon's day (docs/decisions/018): one column per active professional with their hours and
 * breaks that day, and every appointment of the day. An employee gets their own column only.
 */
export async function salonDay(ctx: Ctx, actor: SessionUser, date: string) {
  const { start, end } = dayBounds(date, SALON_TIME_ZONE);
  const onlyOwn = actor.role !== 'admin' ? actor.id : undefined;
  const [pros, list, interval] = await Promise.all([activeProfessionals(ctx.db), appointmentsBetween(ctx.db, start, end, onlyOwn), slotInterval(ctx.db)]);
  const professionals = pros
    .filter((p) => !onlyOwn || p.userId === onlyOwn)
    .map((p) => ({ id: p.id, name: p.name, userId: p.userId, day: dayScheduleOf(p.availability, date) }));
  return {
    date,
    now: ctx.now().toISOString(),
    interval: isSlotInterval(interval) ? interval : 30,
    professionals,
    appointments: list,
  };
}

/** The audit of one appointment; an employee reads only their own agenda's (another's is 404). */
export async function appointmentChanges(ctx: Ctx, actor: SessionUser, id: string) {
  const found = UUID.test(id) ? await appointmentAgenda(ctx.db, id) : undefined;
  if (!found || !mayManageAgenda(actor.role, actor.id, found.employeeId)) throw notFound(STAFF_MSG.appointmentNotFound);
  return { changes: await changesOf(ctx.db, id) };
}
