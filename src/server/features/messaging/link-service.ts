import type { Deps } from '../../http/env';
import { readVisitToken, type ReplyAction } from '../../notifications/tokens';
import { visitById, type Visit } from './queries';
import { announce, answerVisit, type Answered } from './replies';

// The confirm/cancel link of an SMS or of the desk's WhatsApp (ADR 057): the signed token names the
// visit at one version; no sign-in.

type Ctx = Pick<Deps, 'db' | 'now' | 'realtime' | 'messageSecret'>;

/** The visit the link names, and whether it still waits for her answer; null for a link that is not ours. */
export async function visitOfLink(ctx: Ctx, token: string): Promise<{ visit: Visit; pending: boolean } | null> {
  const ref = readVisitToken(ctx.messageSecret, token);
  const visit = ref ? await visitById(ctx.db, ref.appointmentId) : undefined;
  if (!ref || !visit) return null;
  const pending = visit.status === 'confirmed' && visit.version === ref.version && visit.startTime.getTime() > ctx.now().getTime();
  return { visit, pending };
}

/** A button of the link's page: her answer, announced after it commits. */
export async function answerByLink(ctx: Ctx, token: string, action: ReplyAction): Promise<Answered | null> {
  const ref = readVisitToken(ctx.messageSecret, token);
  if (!ref) return null;
  const now = ctx.now();
  const done = await ctx.db.transaction((tx) => answerVisit(tx, now, ref, action));
  await announce(ctx, done);
  return done;
}
