import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../domain/texts/common';
import type { AppEnv, Deps } from '../../http/env';
import { requireUser } from '../../http/guards';
import { validate } from '../../http/validate';
import { deleteMyAccount, exportMyData } from './service';
import { ACCOUNT_MSG } from '../../../domain/texts/accounts';

const DeleteBody = z.strictObject({
  confirm: z.literal('ELIMINAR', { error: MSG.accountDeleteConfirm }),
  // Her password, unless she signed in in the last five minutes (ADR 033).
  password: z.string({ error: ACCOUNT_MSG.accountDeleteReauth }).max(1024, ACCOUNT_MSG.accountDeleteReauth).optional(),
});

/** The signed-in user's own data (RGPD, ADR 026): download it, delete the account. */
export const myAccountRoutes = (deps: Pick<Deps, 'db' | 'now' | 'realtime' | 'log' | 'rateLimit'>) =>
  new Hono<AppEnv>()
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
