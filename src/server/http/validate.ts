import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { MSG } from '../../domain/texts/common';
import { REPORTS_MSG } from '../../domain/texts/reports';
import { STAFF_MSG } from '../../domain/texts/staff';
import { CONSENT_MSG } from '../../domain/consents';
import { ApiError } from './errors';

// A rule that carries one of our Spanish texts (e.g. `z.string().min(1, MSG.x)`) answers with it;
// zod's own English wording never reaches a user.
const SPANISH_TEXTS = new Set<unknown>(
  [...Object.values(MSG), ...Object.values(STAFF_MSG), ...Object.values(CONSENT_MSG), ...Object.values(REPORTS_MSG)].filter((v) => typeof v === 'string'),
);

/** zod validation whose failure is a 400 `{ error: { code: 'invalid_input', message } }`. */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const message = result.error.issues.map((i) => i.message).find((m) => SPANISH_TEXTS.has(m));
      throw new ApiError(400, 'invalid_input', message ?? MSG.invalidInput);
    }
  });
}
