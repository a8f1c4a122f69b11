import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORDS_COUNT } from '../../domain/password-rules';

// The 10,000 most common passwords of @zxcvbn-ts/language-common (sorted by frequency), shipped
// with the app: no network call at sign-up (ADR 025).
let set: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  set ??= new Set((dictionary['passwords-common'] as string[]).slice(0, COMMON_PASSWORDS_COUNT));
  return set.has(password);
}
