import { eq } from 'drizzle-orm';
import { normalizeEmail } from '../../../domain/back-office-rules';
import { newPasswordProblem } from '../../../domain/password-rules';
import { isSalonLogin, looksLikeEmail } from '../../../domain/staff-login';
import { ACCESS_MSG } from '../../../domain/texts/staff-access';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { isCommonPassword } from '../../auth/common-passwords';
import { hashPassword } from '../../auth/password';
import { pgErrorCode } from '../../db/client';
import { account, employees, user } from '../../db/schema';
import type { Deps } from '../../http/env';
import { badRequest, conflict, notFound } from '../../http/errors';
import { employeeById, lockEmployee, userByEmail, type Employee } from './queries';

// "Dar acceso" (docs/decisions/084-staff-access-from-the-record.md): the admin gives a professional
// without an account a login (her email, or a salon login name, ADR 085) and a first-sign-in
// password, or invites her by email (ADR 100). The account, its password and the record's link
// are one transaction, so no account exists without her record, nor a record pointing at a
// half-made account.

export type AccessInput = { email: string; password: string };

/** Where the invitation's link lands: the app's own page for a new password (as a reset's). */
const INVITATION_LANDING = '/reset-password';

const emailHasAccount = () => conflict(ACCESS_MSG.emailHasAccount, 'email_has_account');

export function employeeAccess(deps: Pick<Deps, 'db' | 'now' | 'auth'>) {
  const { db } = deps;

  /** The login she will use, or the Spanish 400 that says why it cannot be one. */
  const loginOf = (raw: string) => {
    const email = normalizeEmail(raw);
    if (!looksLikeEmail(email)) throw badRequest(ACCESS_MSG.emailInvalid, 'access_email_invalid');
    return email;
  };

  /** Her account with the password `hash`, the flag that makes her choose her own, and the record's link. */
  async function open(id: string, email: string, hash: string): Promise<Employee> {
    const now = deps.now();
    try {
      await db.transaction(async (tx) => {
        const row = await lockEmployee(tx, id);
        if (!row) throw notFound(STAFF_MSG.employeeNotFound);
        if (!row.isActive) throw conflict(ACCESS_MSG.employeeInactive, 'employee_inactive');
        if (row.userId) throw conflict(ACCESS_MSG.alreadyHasAccess, 'already_has_access');
        // An account of that email exists (a client's, say): it is linked, never duplicated (ADR 084).
        if (await userByEmail(tx, email)) throw emailHasAccount();
        const userId = crypto.randomUUID();
        // Not a verified email: nobody proved she owns it, so no client record attaches to her (ADR 019).
        await tx.insert(user).values({
          id: userId,
          name: row.name,
          email,
          emailVerified: false,
          role: row.accountRole,
          passwordChangeRequired: true,
          createdAt: now,
          updatedAt: now,
        });
        await tx
          .insert(account)
          .values({
            id: crypto.randomUUID(),
            accountId: userId,
            providerId: 'credential',
            userId,
            password: hash,
            createdAt: now,
            updatedAt: now,
          });
        await tx.update(employees).set({ userId, userAccountEmail: email, updatedAt: now }).where(eq(employees.id, id));
      });
    } catch (err) {
      // Two admins at once, or an account signed up meanwhile: the unique email is the last word.
      if (pgErrorCode(err) === '23505') throw emailHasAccount();
      throw err;
    }
    const saved = await employeeById(db, id);
    if (!saved) throw notFound(STAFF_MSG.employeeNotFound);
    return saved;
  }

  return {
    async grant(id: string, input: AccessInput): Promise<Employee> {
      const email = loginOf(input.email);
      // The staff rule (ADR 025): a staff password, as every staff account's.
      const problem = newPasswordProblem(input.password, { staff: true, isCommon: isCommonPassword });
      if (problem) throw badRequest(problem.message, problem.code);
      // better-auth's own hash (auth.ts `password.hash`): she signs in through better-auth as anyone.
      return open(id, email, await hashPassword(input.password));
    },

    /**
     * ADR 100: her account with a password nobody knows (32 random bytes, never shown or stored in
     * clear), then better-auth's own reset link to her email, which auth.ts words as an invitation
     * while she has not chosen a password. Her choosing one through it clears the flag (ADR 084).
     */
    async invite(id: string, rawEmail: string): Promise<Employee> {
      const email = loginOf(rawEmail);
      if (isSalonLogin(email)) throw badRequest(ACCESS_MSG.invitationNeedsEmail, 'invitation_needs_email');
      const unknown = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
      const saved = await open(id, email, await hashPassword(unknown));
      await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: INVITATION_LANDING } });
      return saved;
    },
  };
}
