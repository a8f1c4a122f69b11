import { expectedCash, isUnclosed, mayChangeClosedDay } from '../../../domain/cash-close';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { cashFiguresOf, tillOfDay } from '../../db/till-days';
import type { Deps, SessionUser } from '../../http/env';
import { changesOf, recentDays } from './queries';

// What the close screen reads (docs/decisions/054-the-till-and-its-close.md): a day's till with its
// figures now, its standing close with what changed after it, the closes reopened before; and the
// recent days left without a close, which the Caja, the dashboard and the day view point out.

type Ctx = Pick<Deps, 'db' | 'now'>;

/** How far back "sin cerrar" looks: a quarter. An older day still shows its state on its own page. */
const UNCLOSED_SPAN_DAYS = 90;

export async function tillDay(ctx: Ctx, actor: SessionUser, day: string) {
  const today = salonDateOf(ctx.now(), SALON_TIME_ZONE);
  const [till, now] = await Promise.all([tillOfDay(ctx.db, day), cashFiguresOf(ctx.db, day)]);
  const changes = await changesOf(
    ctx.db,
    till.closes.map((c) => c.id),
  );
  const closes = till.closes.map((c) => ({ ...c, changes: changes.filter((x) => x.closeId === c.id) }));
  return {
    date: day,
    today,
    state: till.state,
    opening: till.opening,
    movements: till.movements,
    /** The cash of the day as it is now, and what is expected in the drawer. */
    figures: { ...now.figures, expected: expectedCash(now.figures) },
    otherMethods: now.otherMethods,
    close: closes.find((c) => c.reopenedAt === null) ?? null,
    reopened: closes.filter((c) => c.reopenedAt !== null),
    mayReopen: mayChangeClosedDay(actor.role),
  };
}

export type TillDay = Awaited<ReturnType<typeof tillDay>>;

/** The days before today left without a close, most recent first. */
export async function unclosedDays(ctx: Ctx) {
  const today = salonDateOf(ctx.now(), SALON_TIME_ZONE);
  const rows = await recentDays(ctx.db, today, UNCLOSED_SPAN_DAYS);
  const days = rows.filter((r) =>
    isUnclosed({ date: r.day, today, firstOpened: r.first, opened: r.opened, moved: r.moved, closed: r.closed }),
  );
  return { today, days: days.map((r) => ({ date: r.day, opened: r.opened })) };
}
