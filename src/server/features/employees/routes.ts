import { Hono } from 'hono';
import { z } from 'zod';
import { employeeFieldsError, LIMITS } from '../../../domain/back-office-rules';
import { EMPLOYEE_ACCOUNT_ROLES } from '../../../domain/roles';
import { MSG } from '../../../domain/texts/common';
import { ROLES_MSG } from '../../../domain/texts/roles';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { idSchema, recordIdParam } from '../../http/params';
import { validate } from '../../http/validate';
import { weeklyScheduleSchema } from '../../http/weekly-schedule-schema';
import { adminEmployees } from './service';
import { employeeAccess } from './access';
import { ACCESS_MSG } from '../../../domain/texts/staff-access';

const IdParam = recordIdParam(STAFF_MSG.employeeNotFound);

const EmployeeBody = z
  .strictObject({
    name: z.string({ error: MSG.employeeNameRequired }),
    email: z.string({ error: MSG.employeeEmailInvalid }).max(LIMITS.emailMax, MSG.employeeEmailInvalid).nullable().optional(),
    phoneNumber: z.string().max(LIMITS.phoneMax).nullable().optional(),
    servicesOffered: z.array(idSchema(STAFF_MSG.employeeServicesUnknown)).max(500).default([]),
    // SPEC §7: availability defaults to the default schedule when missing.
    availability: weeklyScheduleSchema.optional(),
    userId: z.string().min(1).max(200).nullable().default(null),
    // ADR 063: "Acceso", what the linked account works as; a record without it is a professional's.
    accountRole: z.enum(EMPLOYEE_ACCOUNT_ROLES, { error: ROLES_MSG.accessInvalid }).default('employee'),
  })
  .superRefine((value, ctx) => {
    const error = employeeFieldsError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

// The lookup is a POST so the typed email never sits in a URL (proxy and browser logs keep URLs).
const LookupBody = z.strictObject({
  email: z.string({ error: MSG.linkEmailRequired }).trim().min(1, MSG.linkEmailRequired).max(LIMITS.emailMax, MSG.linkUserNotFound),
  employeeId: idSchema().nullable().optional(),
});

const StatusBody = z.strictObject({ isActive: z.boolean() });

// "Dar acceso" (ADR 084): a login email (hers, or a salon login name, ADR 085) and a first-sign-in password.
const loginEmail = z.string({ error: ACCESS_MSG.emailInvalid }).trim().min(3, ACCESS_MSG.emailInvalid).max(LIMITS.emailMax, ACCESS_MSG.emailInvalid);
const AccessBody = z.strictObject({
  email: loginEmail,
  password: z.string({ error: ACCESS_MSG.passwordRequired }).min(1, ACCESS_MSG.passwordRequired).max(128, MSG.invalidInput),
});
// ADR 100: or an invitation to her own email, where she chooses her password.
const InvitationBody = z.strictObject({ email: loginEmail });

/** /api/admin/employees — admin only, every route says so itself. */
export const adminEmployeesRoutes = (deps: Pick<Deps, 'db' | 'now' | 'auth'>) => {
  const employees = adminEmployees(deps);
  const access = employeeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', requireRole('admin'), async (c) => c.json(await employees.list()))
    .post('/link-lookup', requireRole('admin'), validate('json', LookupBody), async (c) => {
      const { email, employeeId } = c.req.valid('json');
      const u = await employees.lookup(email, employeeId);
      return c.json({ userId: u.id, name: u.name, email: u.email, role: u.role });
    })
    .post('/', requireRole('admin'), validate('json', EmployeeBody), async (c) => c.json(await employees.create(c.req.valid('json')), 201))
    .put('/:id', requireRole('admin'), validate('param', IdParam), validate('json', EmployeeBody), async (c) =>
      c.json(await employees.update(c.req.valid('param').id, c.req.valid('json'))),
    )
    .patch('/:id/status', requireRole('admin'), validate('param', IdParam), validate('json', StatusBody), async (c) =>
      c.json(await employees.setActive(c.req.valid('param').id, c.req.valid('json').isActive)),
    )
    .post('/:id/access', requireRole('admin'), validate('param', IdParam), validate('json', AccessBody), async (c) =>
      c.json(await access.grant(c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .post('/:id/invitation', requireRole('admin'), validate('param', IdParam), validate('json', InvitationBody), async (c) =>
      c.json(await access.invite(c.req.valid('param').id, c.req.valid('json').email), 201),
    )
    .post('/:id/revoke-access', requireRole('admin'), validate('param', IdParam), async (c) =>
      c.json(await employees.revokeAccess(c.req.valid('param').id)),
    )
    .delete('/:id', requireRole('admin'), validate('param', IdParam), async (c) => {
      const { id } = c.req.valid('param');
      await employees.remove(id);
      return c.json({ id });
    });
};
