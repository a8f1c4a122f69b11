import { Hono } from 'hono';
import { z } from 'zod';
import { BONO_LIMITS, BONO_MSG } from '../../../domain/bonos';
import { DISCOUNT_MSG, DISCOUNT_REASON_TEXT_MAX } from '../../../domain/discounts';
import { SALE_METHODS } from '../../../domain/payment-methods';
import { hasControlCharacters } from '../../../domain/plain-text';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { MSG } from '../../../domain/texts/common';
import { STAFF_ROLES } from '../../../domain/roles';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole, requireUser } from '../../http/guards';
import { eurosField } from '../../http/money-schema';
import { IdParam } from '../../http/params';
import { isSalonDay } from '../../http/salon-day';
import { validate } from '../../http/validate';
import { sellBono, visitsForNewBono } from './sale';
import { clientBonos, createBonoType, editBonoType, extendBono, listBonoTypes, myBonos, refundBono, setBonoTypeActive } from './service';

const int = (msg: string) => z.number({ error: msg }).int(msg).min(-1_000_000, msg).max(1_000_000, msg);
const euros = (msg: string) => eurosField(msg).min(-1_000_000, msg).max(1_000_000, msg);
const TypeBody = z.strictObject({
  name: z.string({ error: BONO_MSG.nameRequired }).max(BONO_LIMITS.nameMax * 2, BONO_MSG.nameTooLong),
  serviceIds: z.array(z.string().max(100, BONO_MSG.serviceUnknown), { error: BONO_MSG.servicesRequired }).max(50, BONO_MSG.serviceUnknown),
  sessions: int(BONO_MSG.sessionsRange),
  price: euros(BONO_MSG.priceRange),
  validityMonths: int(BONO_MSG.validityRange),
});
const StatusBody = z.strictObject({ isActive: z.boolean({ error: MSG.invalidInput }) });
const SaleBody = z.strictObject({
  bonoTypeId: z.string({ error: BONO_MSG.typeNotFound }).max(100, BONO_MSG.typeNotFound),
  paymentMethod: z.enum(SALE_METHODS, MSG.invalidInput),
  amount: euros(BONO_MSG.amountRange).min(0, BONO_MSG.amountRange).max(BONO_LIMITS.priceMax, BONO_MSG.amountRange).optional(),
  // ADR 052: why the amount differs from the price; ADR 053: her visits already booked it covers.
  discountReason: z.string({ error: DISCOUNT_MSG.reasonRequired }).max(DISCOUNT_REASON_TEXT_MAX * 2, DISCOUNT_MSG.reasonTooLong).refine((s) => !hasControlCharacters(s), STAFF_MSG.textControlCharacters).optional(),
  appointmentIds: z.array(z.string({ error: STAFF_MSG.appointmentNotFound }).max(100, STAFF_MSG.appointmentNotFound), { error: STAFF_MSG.appointmentNotFound }).max(BONO_LIMITS.sessionsMax, STAFF_MSG.appointmentNotFound).optional(),
});
const VisitsQuery = z.strictObject({ bonoTypeId: z.string({ error: BONO_MSG.typeNotFound }).max(100, BONO_MSG.typeNotFound) });
const reason = z.string({ error: BONO_MSG.reasonRequired }).max(BONO_LIMITS.reasonMax * 2, BONO_MSG.reasonTooLong);
const ExtendBody = z.strictObject({ expiresOn: z.string({ error: MSG.invalidInput }).refine(isSalonDay, MSG.invalidInput), reason });
const RefundBody = z.strictObject({ reason });

const staff = () => requireRole(...STAFF_ROLES);

/**
 * /api/admin/bono-types — the bono types (ADR 037), admin only:
 *   GET / · POST / {name, serviceIds, sessions, price, validityMonths} · PUT /:id · PATCH /:id/status {isActive}
 */
export const adminBonoTypesRoutes = (deps: Pick<Deps, 'db' | 'now'>) =>
  new Hono<AppEnv>()
    .get('/', requireRole('admin'), async (c) => c.json(await listBonoTypes(deps)))
    .post('/', requireRole('admin'), validate('json', TypeBody), async (c) => c.json(await createBonoType(deps, c.req.valid('json')), 201))
    .put('/:id', requireRole('admin'), validate('param', IdParam), validate('json', TypeBody), async (c) =>
      c.json(await editBonoType(deps, c.req.valid('param').id, c.req.valid('json'))),
    )
    .patch('/:id/status', requireRole('admin'), validate('param', IdParam), validate('json', StatusBody), async (c) =>
      c.json(await setBonoTypeActive(deps, c.req.valid('param').id, c.req.valid('json').isActive)),
    );

/**
 * /api/bonos — the front desk's bonos (staff) and the admin's extend and refund:
 *   GET  /types                 the active types, for the sale form (staff)
 *   GET  /clients/:id           a client record's bonos, sessions and audit (staff)
 *   GET  /clients/:id/visits    ?bonoTypeId: her visits already booked a new bono of that type could cover (staff)
 *   POST /clients/:id           {bonoTypeId, paymentMethod, amount?, discountReason?, appointmentIds?}: sell one,
 *                               covering those visits (staff; ADR 052, 053)
 *   POST /:id/extend            {expiresOn, reason} (admin)
 *   POST /:id/refund            {reason} (admin)
 */
export const bonosRoutes = (deps: Pick<Deps, 'db' | 'now'>) =>
  new Hono<AppEnv>()
    .get('/types', staff(), async (c) => c.json(await listBonoTypes(deps, true)))
    .get('/clients/:id', staff(), validate('param', IdParam), async (c) => c.json(await clientBonos(deps, c.req.valid('param').id)))
    .get('/clients/:id/visits', staff(), validate('param', IdParam), validate('query', VisitsQuery), async (c) =>
      c.json(await visitsForNewBono(deps, c.req.valid('param').id, c.req.valid('query').bonoTypeId)),
    )
    .post('/clients/:id', staff(), validate('param', IdParam), validate('json', SaleBody), async (c) =>
      c.json(await sellBono(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .post('/:id/extend', requireRole('admin'), validate('param', IdParam), validate('json', ExtendBody), async (c) =>
      c.json(await extendBono(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json'))),
    )
    .post('/:id/refund', requireRole('admin'), validate('param', IdParam), validate('json', RefundBody), async (c) =>
      c.json(await refundBono(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json'))),
    );

/** /api/my-bonos — "Mis bonos": the signed-in client's own bonos (none: an empty list). */
export const myBonosRoutes = (deps: Pick<Deps, 'db' | 'now'>) => new Hono<AppEnv>().get('/', requireUser(), async (c) => c.json(await myBonos(deps, c.get('user'))));
