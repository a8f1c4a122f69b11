import { queryOptions } from '@tanstack/react-query';
import { ACCOUNT_MSG } from '../../domain/texts/accounts';
import { MSG } from '../../domain/texts/common';
import { api, call } from '../lib/api';

// The signed-in account's email confirmation (src/server/features/accounts,
// email-verification-routes.ts; docs/decisions/030-account-access-review.md): Mis Citas shows it.

/** Whether the signed-in account's email is confirmed (the salon attaches her history only then). */
export const emailStatusQuery = () =>
  queryOptions({ queryKey: ['email-verification'] as const, queryFn: () => call(api['email-verification'].$get(), MSG.internal), staleTime: 60_000 });

/** Sends the confirmation email again; its Spanish answer says whether it went (or was already confirmed). */
export const resendVerification = () => call(api['email-verification'].resend.$post({ json: {} }), ACCOUNT_MSG.verificationResendFailed);
