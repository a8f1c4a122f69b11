import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../domain/texts/common';
import type { AppEnv, Deps } from '../../http/env';
import { requireUser } from '../../http/guards';
import { validate } from '../../http/validate';
import { deleteMyAccount, dismissMyPhoneNote, exportMyData, myContact, saveMyContact } from './service';
import { MESSAGE_CHANNELS } from '../../../domain/message-channels';
import { MESSAGING_MSG } from '../../../domain/texts/messaging';
import { ACCOUNT_MSG } from '../../../domain/texts/accounts';

const DeleteBody = z.strictObject({
  confirm: z.literal('ELIMINAR', { error: MSG.accountDeleteConfirm }),
  // Her password, unless she signed in in the last five minutes (ADR 033).
  password: z.string({ error: ACCOUNT_MSG.accountDeleteReauth }).max(1024, ACCOUNT_MSG.accountDeleteReauth).optional(),
});

// Her phone (any text: the rule words what is wrong with it) and her channel (ADR 057).
const ContactBody = z.strictObject({
  phone: z.string({ error: MESSAGING_MSG.phoneInvalid }).max(40, MESSAGING_MSG.phoneInvalid).nullable(),
  messageChannel: z.enum(MESSAGE_CHANNELS, { error: MESSAGING_MSG.channelInvalid }).nullable(),
});

/** The signed-in user's own data (RGPD, ADR 026): download it, delete the account. */
export const myAccountRoutes = (deps: Pick<Deps, 'db' | 'now' | 'realtime' | 'log' | 'rateLimit'>) =>
  new Hono<AppEnv>()
    // How the salon reaches her: her phone and channel (ADR 057), and Mis Citas' note offering a phone.
    .get('/contact', requireUser(), async (c) => c.json(await myContact(deps, c.get('user'))))
    .put('/contact', requireUser(), validate('json', ContactBody), async (c) => c.json(await saveMyContact(deps, c.get('user'), c.req.valid('json'))))
    .post('/phone-note/dismiss', requireUser(), async (c) => c.json(await dismissMyPhoneNote(deps, c.get('user'))))
    .get('/export', requireUser(), async (c) => {
      const data = await exportMyData(deps, c.get('user'));
      c.header('Content-Disposition', `attachment; filename="mis-datos-auna-${data.exportedAt.slice(0, 10)}.json"`);
      c.header('Cache-Control', 'no-store');
      return c.json(data);
    })
    .post('/delete', requireUser(), validate('json', DeleteBody), async (c) => {
      const { password } = c.req.valid('json');
      const result = await deleteMyAccount(deps, c.get('user'), { sessionId: c.get('sessionId'), password });
      // The session row is gone with the account; the browser's cookie goes too.
      c.header('Clear-Site-Data', '"cookies", "storage"');
      return c.json({ deleted: true, ...result });
    });
