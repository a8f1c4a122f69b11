import { sortedByName } from '../../../domain/spanish-order';
import { existingServiceIds } from '../../db/service-ids';
import { normalizeEmail } from '../../../domain/back-office-rules';
import type { EmployeeAccountRole } from '../../../domain/roles';
import { MSG } from '../../../domain/texts/common';
import { ROLES_MSG } from '../../../domain/texts/roles';
import { STAFF_MSG, unlinkBlocked } from '../../../domain/texts/staff';
import { defaultWeeklySchedule, type WeeklySchedule } from '../../../domain/weekly-schedule';
import { endStaffAccess } from '../../accounts/staff-access';
import { requireStaffPassword } from '../../accounts/staff-password';
import { pgErrorCode } from '../../db/client';
import type { Deps } from '../../http/env';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { assertValidSchedule } from '../../http/weekly-schedule-schema';
import {
  allEmployees,
  deleteEmployee,
  demoteIfUnlinked,
  employeeById,
  employeeLinkedTo,
  insertEmployee,
  lockEmployee,
  lockUser,
  pendingAppointmentsAsProfessional,
  grantAccountRole,
  replaceEmployeeServices,
  setEmployeeActive,
  updateEmployee,
  userByEmail,
  type Employee,
  type Executor,
  type LinkableUser,
} from './queries';

// SPEC §2 Manage employees, §4 activation and account linking, §7 Employees and Users.
// Linking rules and the unlink decision: docs/decisions/004-employee-account-linking.md.

export type EmployeeInput = {
  name: string;
  email?: string | null;
  phoneNumber?: string | null;
  servicesOffered: string[];
  availability?: WeeklySchedule;
  /** The linked account (from the lookup), null for none. The server checks it again. */
  userId: string | null;
  /** What the linked account works as (ADR 063); a professional when not said. */
  accountRole?: EmployeeAccountRole;
};

export type SavedEmployee = {
  employee: Employee;
  /** The newly linked account is an admin: its role was left as it is (SPEC §4). */
  adminRoleKept: boolean;
};

const linkUserNotFound = () => new ApiError(404, 'link_user_not_found', MSG.linkUserNotFound);
const alreadyLinked = () => conflict(MSG.linkAlreadyLinked, 'already_linked');
// ADR 025: a staff account opens the salon's books; whoever registered an email they do
// not own must not become staff through it.
const notVerified = () => badRequest(STAFF_MSG.linkEmailNotVerified, 'link_email_not_verified');
const optional = (s: string | null | undefined) => (s && s.trim() !== '' ? s.trim() : null);
const isLinkUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505' && constraintOf(err) === 'employees_user_id_unique';

function constraintOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function adminEmployees(deps: Pick<Deps, 'db' | 'now'>) {
  const { db } = deps;

  /** The account the admin typed, if it may be linked to `employeeId` (or to a new employee). */
  async function lookup(email: string, employeeId?: string | null): Promise<LinkableUser> {
    const wanted = normalizeEmail(email);
    if (!wanted) throw badRequest(MSG.linkEmailRequired, 'link_email_required');
    const found = await userByEmail(db, wanted);
    if (!found) throw linkUserNotFound();
    if (await employeeLinkedTo(db, found.id, employeeId ?? undefined)) throw alreadyLinked();
    if (!found.emailVerified) throw notVerified();
    return found;
  }

  async function checkServices(tx: Executor, ids: string[]): Promise<void> {
    const known = new Set(await existingServiceIds(tx, ids));
    if (ids.some((id) => !known.has(id))) throw badRequest(STAFF_MSG.employeeServicesUnknown, 'unknown_service');
  }

  /**
   * One transaction: the employee row, its services, and the roles of the accounts it gains and
   * loses. `id` undefined creates.
   */
  async function save(id: string | undefined, input: EmployeeInput): Promise<SavedEmployee> {
    const availability = input.availability ?? defaultWeeklySchedule();
    assertValidSchedule(availability);
    const serviceIds = [...new Set(input.servicesOffered)];
    const now = deps.now();

    try {
      const saved = await db.transaction(async (tx) => {
        const previous = id ? await lockEmployee(tx, id) : undefined;
        if (id && !previous) throw notFound(STAFF_MSG.employeeNotFound);
        const previousUserId = previous?.userId ?? null;
        const nextUserId = input.userId;
        const relinking = previousUserId !== nextUserId;

        // Lock both accounts in a fixed order so two saves touching the same pair cannot deadlock.
        const toLock = [previousUserId, nextUserId].filter((u): u is string => !!u && relinking).sort();
        const locked = new Map<string, LinkableUser>();
        for (const u of toLock) {
          const row = await lockUser(tx, u);
          if (row) locked.set(u, row);
        }

        let linked: LinkableUser | undefined;
        if (nextUserId && relinking) {
          linked = locked.get(nextUserId);
          // The account vanished (or never existed) since the lookup: the body is what is wrong.
          if (!linked) throw badRequest(MSG.linkUserNotFound, 'link_user_not_found');
          if (await employeeLinkedTo(tx, nextUserId, id)) throw alreadyLinked();
          if (!linked.emailVerified) throw notVerified();
        }
        if (previousUserId && relinking) {
          const pending = await pendingAppointmentsAsProfessional(tx, previousUserId, now);
          if (pending > 0) throw conflict(unlinkBlocked(pending), 'unlink_has_appointments');
        }
        const accountRole = input.accountRole ?? 'employee';
        // A professional moving to the desk leaves no client without her (ADR 063).
        const toDesk = accountRole === 'receptionist' && previous?.accountRole !== 'receptionist';
        if (toDesk && nextUserId) {
          const pending = await pendingAppointmentsAsProfessional(tx, nextUserId, now);
          if (pending > 0) throw conflict(ROLES_MSG.receptionHasAppointments(pending), 'reception_has_appointments');
        }
        await checkServices(tx, serviceIds);

        const values = {
          name: input.name.trim(),
          email: optional(input.email),
          phoneNumber: optional(input.phoneNumber),
          availability,
          userId: nextUserId,
          // The account's own email, not what was typed: the table shows the real link.
          userAccountEmail: nextUserId ? (linked?.email ?? previous?.userAccountEmail ?? null) : null,
          accountRole,
        };
        const row = previous ? await updateEmployee(tx, previous.id, values, now) : await insertEmployee(tx, values, now);
        await replaceEmployeeServices(tx, row.id, serviceIds);

        // The linked account works as the form says (an admin keeps hers): a new link, or a change of "Acceso".
        if (nextUserId) await grantAccountRole(tx, nextUserId, accountRole, now);
        // A client becoming staff: her sessions end and she needs a staff password (ADR 030).
        if (linked?.role === 'client') await requireStaffPassword(tx, linked.id);
        if (previousUserId && relinking) await demoteIfUnlinked(tx, previousUserId, now);
        // Only a new link deserves the note; re-saving an admin's own record says nothing new.
        return { savedId: row.id, adminRoleKept: linked?.role === 'admin' };
      });
      const employee = await employeeById(db, saved.savedId);
      if (!employee) throw notFound(STAFF_MSG.employeeNotFound);
      return { employee, adminRoleKept: saved.adminRoleKept };
    } catch (err) {
      // Two saves linking the same account at once: the unique constraint is the last word.
      if (isLinkUniqueViolation(err)) throw alreadyLinked();
      throw err;
    }
  }

  return {
    async list(): Promise<Employee[]> {
      return sortedByName(await allEmployees(db));
    },

    lookup,

    create: (input: EmployeeInput) => save(undefined, input),
    update: (id: string, input: EmployeeInput) => save(id, input),

    /**
     * Deactivating ends the linked account's sessions and calendar feed in the same transaction
     * (ADR 032): a leaver keeps nothing open. An admin's own access is not an employee's to lose.
     */
    async setActive(id: string, isActive: boolean): Promise<Employee> {
      await db.transaction(async (tx) => {
        const row = await setEmployeeActive(tx, id, isActive, deps.now());
        if (!row) throw notFound(STAFF_MSG.employeeNotFound);
        if (isActive || !row.userId) return;
        const account = await lockUser(tx, row.userId);
        if (account && account.role !== 'admin') await endStaffAccess(tx, row.userId);
      });
      return (await employeeById(db, id))!;
    },

    /** "Quitar acceso ahora": every session and the feed of the linked account; the record stays active. */
    async revokeAccess(id: string): Promise<{ id: string; sessionsEnded: number }> {
      return db.transaction(async (tx) => {
        const row = await lockEmployee(tx, id);
        if (!row) throw notFound(STAFF_MSG.employeeNotFound);
        if (!row.userId) throw conflict(STAFF_MSG.revokeAccessNoAccount, 'no_linked_account');
        const { sessionsEnded } = await endStaffAccess(tx, row.userId);
        return { id, sessionsEnded };
      });
    },

    /** Only an inactive employee, and never one whose account still has appointments to attend. */
    async remove(id: string): Promise<void> {
      const now = deps.now();
      await db.transaction(async (tx) => {
        const row = await lockEmployee(tx, id);
        if (!row) throw notFound(STAFF_MSG.employeeNotFound);
        if (row.isActive) throw conflict(STAFF_MSG.employeeDeleteActive, 'employee_active');
        if (row.userId) {
          await lockUser(tx, row.userId);
          const pending = await pendingAppointmentsAsProfessional(tx, row.userId, now);
          if (pending > 0) throw conflict(unlinkBlocked(pending), 'unlink_has_appointments');
        }
        await deleteEmployee(tx, id);
        if (row.userId) await demoteIfUnlinked(tx, row.userId, now);
      });
    },
  };
}
