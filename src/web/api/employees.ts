import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { ACCOUNT_MSG } from '../../domain/texts/accounts';
import { MSG } from '../../domain/texts/common';
import { STAFF_MSG } from '../../domain/texts/staff';
import { api, call } from '../lib/api';

// The back office's team (SPEC §2 Manage employees, §4 account linking).
// Types come from the server's routes (ARCHITECTURE §5.3); nothing here is hand-copied.
export type AdminEmployee = InferResponseType<typeof api.admin.employees.$get, 200>[number];
export type EmployeeInput = InferRequestType<typeof api.admin.employees.$post>['json'];
export type LinkCandidate = InferResponseType<(typeof api.admin.employees)['link-lookup']['$post'], 200>;
export type SavedEmployee = Awaited<ReturnType<typeof saveEmployee>>;

/** Every employee, active or not (the employees screen; availability's professionals and "Mover"). */
export const employeesQuery = () =>
  queryOptions({ queryKey: ['admin', 'employees'] as const, queryFn: () => call(api.admin.employees.$get(), MSG.employeesLoadFailed) });

export const saveEmployee = (id: string | null, json: EmployeeInput) =>
  call(id ? api.admin.employees[':id'].$put({ param: { id }, json }) : api.admin.employees.$post({ json }), MSG.employeeSaveFailed);

export const setEmployeeActive = (id: string, isActive: boolean) =>
  call(api.admin.employees[':id'].status.$patch({ param: { id }, json: { isActive } }), MSG.employeeToggleFailed);

export const deleteEmployee = (id: string) => call(api.admin.employees[':id'].$delete({ param: { id } }), MSG.employeeDeleteFailed);

/** SPEC §4: the server lowercases and checks "exists" and "not linked to another employee". */
export const lookupAccount = (email: string, employeeId: string | null) =>
  call(api.admin.employees['link-lookup'].$post({ json: { email, employeeId } }), MSG.linkLookupFailed);

/** "Quitar acceso ahora" (ADR 032): ends the linked account's sessions and calendar feed. */
export const revokeEmployeeAccess = (id: string) =>
  call(api.admin.employees[':id']['revoke-access'].$post({ param: { id } }), STAFF_MSG.revokeAccessFailed);

/** The confirmation email again, for an account the admin wants to link (ADR 030). */
export const resendVerificationFor = (email: string) =>
  call(api['email-verification']['resend-for-account'].$post({ json: { email } }), ACCOUNT_MSG.verificationResendFailed);

/** "Dar acceso" (ADR 084): a login and a first-sign-in password for a professional without an account. */
export const giveEmployeeAccess = (id: string, json: { email: string; password: string }) =>
  call(api.admin.employees[':id'].access.$post({ param: { id }, json }), MSG.employeeSaveFailed);
/** ADR 100: her account, and a link to her email where she chooses her password. */
export const inviteEmployee = (id: string, json: { email: string }) =>
  call(api.admin.employees[':id'].invitation.$post({ param: { id }, json }), MSG.employeeSaveFailed);
