import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { MESSAGE_CHANNELS } from '../../../domain/message-channels';
import { MESSAGING_MSG } from '../../../domain/texts/messaging';
import type { AppEnv, Deps } from '../../http/env';
import { STAFF_ROLES } from '../../../domain/roles';
import { requireRole } from '../../http/guards';
import { isSalonDay } from '../../http/salon-day';
import { IdParam } from '../../http/params';
import { validate } from '../../http/validate';
import { appointmentChanges, clientPage, createClient, editClient, findClients, salonDay } from './service';

const text = (max: number, msg: string) => z.string({ error: msg }).max(max, msg);

const ClientBody = z.strictObject({
  name: text(200, STAFF_MSG.clientNameRequired),
  phone: text(40, STAFF_MSG.clientPhoneInvalid),
  email: text(300, STAFF_MSG.clientEmailInvalid).nullable().optional(),
  notes: text(4000, STAFF_MSG.clientNotesTooLong).optional(),
  // How she hears from the salon (ADR 057); left out, a new record has none chosen and an edit keeps hers.
  messageChannel: z.enum(MESSAGE_CHANNELS, { error: MESSAGING_MSG.channelInvalid }).nullable().optional(),
  // Yes to giving the record, and its history, to the account with this verified email (ADR 033).
  confirmAttach: z.boolean({ error: MSG.invalidInput }).optional(),
});
const SearchQuery = z.strictObject({ q: z.string().max(120, MSG.invalidInput).optional() });
const DayQuery = z.strictObject({ date: z.string().refine(isSalonDay, MSG.invalidInput) });

const staff = () => requireRole(...STAFF_ROLES);

/**
 * The front desk (ADR 018, 019), for the salon's staff only: the client records, the salon's day
 * and an appointment's change history. Booking for a client and moving appointments are in the
 * booking feature (they use its slot engine).
 */
export const frontDeskRoutes = (deps: Pick<Deps, 'db' | 'now'>) =>
  new Hono<AppEnv>()
    .get('/clients', staff(), validate('query', SearchQuery), async (c) => c.json(await findClients(deps, c.req.valid('query').q ?? '')))
    .post('/clients', staff(), validate('json', ClientBody), async (c) => c.json({ client: await createClient(deps, c.get('user'), c.req.valid('json')) }, 201))
    .get('/clients/:id', staff(), validate('param', IdParam), async (c) => c.json(await clientPage(deps, c.req.valid('param').id)))
    .put('/clients/:id', staff(), validate('param', IdParam), validate('json', ClientBody), async (c) =>
      c.json({ client: await editClient(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')) }),
    )
    .get('/day', staff(), validate('query', DayQuery), async (c) => c.json(await salonDay(deps, c.get('user'), c.req.valid('query').date)))
    .get('/appointments/:id/changes', staff(), validate('param', IdParam), async (c) =>
      c.json(await appointmentChanges(deps, c.get('user'), c.req.valid('param').id)),
    );
