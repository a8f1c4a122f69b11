import { z } from 'zod';
import { isSalonDay } from '../../http/salon-day';
import { lookupId } from '../../http/params';
import { availableSlots } from './client-booking';
import { anyoneDaySlots, ANY_PROFESSIONAL } from './month';
import type { Ctx } from './slot-engine';

// The client's reads of free times, as the signed-in booking page and the public page (ADR 079)
// both ask them: one query shape each, and one answer.

export const SlotsQuery = z.strictObject({
  serviceId: lookupId,
  professionalId: lookupId,
  date: z.string().refine(isSalonDay),
});

// ADR 061: a calendar month, "2026-06" (years the salon's calendar can hold).
export const MonthQuery = z.strictObject({
  serviceId: lookupId,
  professionalId: lookupId,
  month: z.string().regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/),
});

/** A day's free times for one professional, or for "Cualquier profesional" (ADR 062). */
export const daySlots = async (ctx: Ctx, q: z.infer<typeof SlotsQuery>) =>
  q.professionalId === ANY_PROFESSIONAL ? await anyoneDaySlots(ctx, q) : await availableSlots(ctx, q);
