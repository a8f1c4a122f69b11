import { Hono } from 'hono';
import { z } from 'zod';
import { KIOSK_MSG } from '../../../domain/reception-kiosk';
import { STAFF_ROLES } from '../../../domain/roles';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { notFound } from '../../http/errors';
import { lookupId } from '../../http/params';
import { validate } from '../../http/validate';
import { endKiosk, startKiosk } from './kiosk-service';

const StartBody = z.strictObject({ appointmentId: lookupId, pin: z.string().max(64) });
const EndBody = z.strictObject({ pin: z.string().max(64) });

/**
 * Mounted at /api/kiosk (ADR 068), staff only:
 *   POST /      { appointmentId, pin }  locks this session to the visit's signing form: 201 { appointmentId }
 *   GET  /                               the visit the session is locked to: { appointmentId }, 404 when none
 *   POST /end   { pin }                  "Terminar": 200 { ended }, 403 kiosk_pin (wrong), 403 kiosk_attempts (session ended)
 */
export const kioskRoutes = (deps: Pick<Deps, 'db' | 'now' | 'messageSecret' | 'log'>) =>
  new Hono<AppEnv>()
    .post('/', requireRole(...STAFF_ROLES), validate('json', StartBody), async (c) =>
      c.json(await startKiosk(deps, c.get('user'), c.get('sessionId')!, c.req.valid('json')), 201),
    )
    .get('/', requireRole(...STAFF_ROLES), (c) => {
      const appointmentId = c.get('kiosk');
      if (!appointmentId) throw notFound(KIOSK_MSG.notInKiosk);
      return c.json({ appointmentId });
    })
    .post('/end', requireRole(...STAFF_ROLES), validate('json', EndBody), async (c) => {
      if (!c.get('kiosk')) throw notFound(KIOSK_MSG.notInKiosk);
      return c.json(await endKiosk(deps, c.get('sessionId')!, c.req.valid('json').pin));
    });
