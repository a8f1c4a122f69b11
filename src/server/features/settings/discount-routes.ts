import { Hono } from 'hono';
import { UNLIMITED_DISCOUNT_ROLES } from '../../../domain/discounts';
import { STAFF_ROLES } from '../../../domain/roles';
import { discountRules } from '../../db/salon-settings';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';

/**
 * /api/settings/discounts — what the staff's sale and payment forms need of the owner's settings
 * (ADR 052): `{ staffDiscountMaxPercent, discountReasons, unlimited }`, `unlimited` when the
 * session's role is not bound by the limit. Staff only; the admin edits them in /api/admin/settings.
 */
export const discountRulesRoutes = (deps: Pick<Deps, 'db'>) =>
  new Hono<AppEnv>().get('/', requireRole(...STAFF_ROLES), async (c) => {
    const rules = await discountRules(deps.db);
    return c.json({ ...rules, unlimited: UNLIMITED_DISCOUNT_ROLES.includes(c.get('user').role) });
  });
