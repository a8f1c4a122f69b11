import { z } from 'zod';
import { isWholeCents, MONEY_MSG } from '../../domain/money';

/**
 * A euro amount in a request: a number (else the field's own Spanish text) of whole cents. A
 * fraction of a cent (0.004, 99999.995) is refused with MONEY_MSG.fractionOfCent, never rounded:
 * every money field of the API is this one rule (src/domain/money.ts isWholeCents). Ranges are the
 * field's own, chained after it.
 */
export const eurosField = (msg: string) => z.number({ error: msg }).refine(isWholeCents, MONEY_MSG.fractionOfCent);
