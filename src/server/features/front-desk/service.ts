import { phoneDigits } from '../../../domain/phone';
import { isDeskRole } from '../../../domain/roles';
import { checkClientFields, mayChangeClientEmail, mayManageAgenda, type ClientFields } from '../../../domain/front-desk-rules';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { channelProblem } from '../../../domain/contact-rules';
import type { MessageChannel } from '../../../domain/message-channels';
import { salonMinuteOf } from '../../../domain/calendar-date';
import { dayBounds, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { dayScheduleOf } from '../../../domain/weekly-schedule';
import { attachClientRecords } from '../../accounts/client-records';
import { slotInterval } from '../../db/salon-settings';
import type { Deps, SessionUser } from '../../http/env';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import {
  activeProfessionals,
  activeResourcesWithGroups,
  appointmentAgenda,
  appointmentsBetween,
  appointmentsOfClientRecord,
  changesOf,
  clientAudit,
  clientById,
  clientTotals,
  insertClient,
  insertClientChange,
  searchClients,
  updateClient,
  verifiedUserWithEmail,
} from './queries';
import { isId } from '../../http/params';
import { dayAbsences } from './day-absences';

type Ctx = Pick<Deps, 'db' | 'now'>;

export async function findClients(ctx: Ctx, q: string) {
  return { clients: await searchClients(ctx.db, { text: q, digits: phoneDigits(q), limit: 20 }) };
}

/** What the staff send: the record's fields, her channel, and their yes to attaching it to an account. */
export type ClientInput = ClientFields & { messageChannel?: MessageChannel | null; confirmAttach?: boolean };

/** The record's fields checked; the channel (ADR 057) must reach her (`keep`: the record's, when not sent). */
function clean(f: ClientInput, keep: MessageChannel | null = null) {
  const checked = checkClientFields(f);
  if (!checked.ok) throw badRequest(checked.message);
  const messageChannel = f.messageChannel === undefined ? keep : f.messageChannel;
  const problem = channelProblem(messageChannel, checked.value);
  if (problem) throw badRequest(problem, 'channel_unreachable');
  return { ...checked.value, messageChannel };
}

/** The audit's name for the staff member: their name, else their email (staff accounts only). */
const actorOf = (a: SessionUser) => ({ id: a.id, name: a.name.trim() || a.email, role: a.role });

/**
 * Saving a record whose email is an account's VERIFIED email gives the record, and its history,
 * to that account (ADR 019): the account's holder then sees its appointments. The staff must say
 * yes to that explicitly (ADR 033); without it, a 409 explains what would happen.
 */
async function accountToAttach(ctx: Ctx, email: string | null, currentUserId: string | null, confirmed: boolean | undefined) {
  if (!email) return undefined;
  const userId = await verifiedUserWithEmail(ctx.db, email);
  if (!userId || userId === currentUserId) return undefined;
  if (!confirmed) throw conflict(STAFF_MSG.clientAttachConfirm, 'attach_confirm');
  return userId;
}

export async function createClient(ctx: Ctx, actor: SessionUser, f: ClientInput) {
  const value = clean(f);
  const attachTo = await accountToAttach(ctx, value.email, null, f.confirmAttach);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const made = await insertClient(tx, value);
    await insertClientChange(tx, { clientId: made.id, action: 'created', by: actorOf(actor), at: now });
    return made;
  });
  if (attachTo) await attachClientRecords(ctx.db, attachTo);
  return (await clientById(ctx.db, row.id)) ?? row;
}

export async function editClient(ctx: Ctx, actor: SessionUser, id: string, f: ClientInput) {
  if (!isId(id)) throw notFound(STAFF_MSG.clientNotFound);
  const current = await clientById(ctx.db, id);
  if (!current) throw notFound(STAFF_MSG.clientNotFound);
  const value = clean(f, current.messageChannel);
  if (!mayChangeClientEmail(actor.role, current.email, value.email))
    throw new ApiError(403, 'client_email_admin_only', STAFF_MSG.clientEmailAdminOnly);
  const attachTo = await accountToAttach(ctx, value.email, current.userId, f.confirmAttach);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const changed = await updateClient(tx, id, value, now);
    if (changed) await insertClientChange(tx, { clientId: id, action: 'updated', by: actorOf(actor), at: now });
    return changed;
  });
  if (!row) throw notFound(STAFF_MSG.clientNotFound);
  if (attachTo) await attachClientRecords(ctx.db, attachTo);
  return (await clientById(ctx.db, id)) ?? row;
}

/** The client's page: the record with its private notes, upcoming and past appointments, totals. */
export async function clientPage(ctx: Ctx, id: string) {
  const client = isId(id) ? await clientById(ctx.db, id) : undefined;
  if (!client) throw notFound(STAFF_MSG.clientNotFound);
  const { userId: _userId, ...shown } = client;
  const [list, totals, audit] = await Promise.all([
    appointmentsOfClientRecord(ctx.db, id),
    clientTotals(ctx.db, id),
    clientAudit(ctx.db, id),
  ]);
  const now = ctx.now().getTime();
  const upcoming = list.filter((a) => a.status === 'confirmed' && a.endTime.getTime() > now).reverse();
  const past = list.filter((a) => !(a.status === 'confirmed' && a.endTime.getTime() > now));
  return { client: shown, upcoming, past, totals, audit };
}

/**
 * The services' resource groups among the active resources (ADR 036): for each service, its groups
 * in order, each the ids of its active members in the salon's stable order.
 */
function serviceGroupsOf(rows: Awaited<ReturnType<typeof activeResourcesWithGroups>>): Record<string, string[][]> {
  const groups = new Map<string, { serviceId: string; position: number; members: string[] }>();
  for (const r of rows) {
    for (const g of r.groups) {
      const group = groups.get(g.groupId) ?? { serviceId: g.serviceId, position: g.groupPosition, members: [] };
      group.members.push(r.id);
      groups.set(g.groupId, group);
    }
  }
  const out: Record<string, string[][]> = {};
  const ordered = [...groups.entries()].sort(([ia, a], [ib, b]) => a.position - b.position || ia.localeCompare(ib));
  for (const [, g] of ordered) (out[g.serviceId] ??= []).push(g.members);
  return out;
}

/**
 * The salon's day (docs/decisions/018): one column per active professional with their hours and
 * breaks that day, and every appointment of the day with its buffers and resources; the active
 * cabins and machines (the view by resource, ADR 036) and the services' groups of them (a move to
 * another cabin, the choice of one when booking). An employee gets their own column only; the desk
 * (admin, receptionist: ADR 063) every column.
 */
export async function salonDay(ctx: Ctx, actor: SessionUser, date: string) {
  const { start, end } = dayBounds(date, SALON_TIME_ZONE);
  const onlyOwn = isDeskRole(actor.role) ? undefined : actor.id;
  const [pros, list, interval, resourceRows, absences] = await Promise.all([
    activeProfessionals(ctx.db),
    appointmentsBetween(ctx.db, start, end, onlyOwn),
    slotInterval(ctx.db),
    activeResourcesWithGroups(ctx.db),
    dayAbsences(ctx.db, actor, date),
  ]);
  const professionals = pros
    .filter((p) => !onlyOwn || p.userId === onlyOwn)
    .map((p) => ({ id: p.id, name: p.name, userId: p.userId, day: dayScheduleOf(p.availability, date) }));
  return {
    date,
    now: ctx.now().toISOString(),
    interval,
    professionals,
    appointments: list.map(placedOnTheDay),
    resources: resourceRows.map(({ groups: _groups, ...r }) => r),
    serviceGroups: serviceGroupsOf(resourceRows),
    // ADR 058: time off, blocks and maintenance drawn in their columns.
    absences,
  };
}

/**
 * Where the day view draws an appointment: the salon's wall-clock minute its start falls on, and that
 * plus its length (a block across a clock change keeps its length). Worked out here once, not in
 * the browser per block and per render: Intl's time-zone arithmetic was a tenth of a day switch's
 * scripting on a throttled phone (docs/benchmarks.md, "Salon day view").
 */
function placedOnTheDay<A extends { startTime: Date; endTime: Date }>(a: A): A & { startMinute: number; endMinute: number } {
  const startMinute = salonMinuteOf(a.startTime, SALON_TIME_ZONE);
  return { ...a, startMinute, endMinute: startMinute + Math.round((a.endTime.getTime() - a.startTime.getTime()) / 60_000) };
}

/** The audit of one appointment; an employee reads only their own agenda's (another's is 404). */
export async function appointmentChanges(ctx: Ctx, actor: SessionUser, id: string) {
  const found = isId(id) ? await appointmentAgenda(ctx.db, id) : undefined;
  if (!found || !mayManageAgenda(actor.role, actor.id, found.employeeId)) throw notFound(STAFF_MSG.appointmentNotFound);
  return { changes: await changesOf(ctx.db, id) };
}
