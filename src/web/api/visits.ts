import type { InferRequestType } from 'hono/client';
import { MSG } from '../../domain/texts/common';
import { api, call } from '../lib/api';

// A visit of several services (ADRs 081-083, 092): its free times and its booking, for the booking
// page's lazy visit planner (features/booking/visit-planner.tsx) and the public page's (ADR 105,
// features/public-page/visit-choice.tsx). Never imported by a first view:
// the booking page is at its bundle budget (ADR 009), so this module loads with the planner.

export type VisitBody = InferRequestType<typeof api.booking.visits.$post>['json'];
export type VisitPart = VisitBody['parts'][number];
export type VisitMode = VisitBody['mode'];

const slotsQuery = (parts: readonly VisitPart[], mode: VisitMode, date: string) => ({
  services: parts.map((p) => p.serviceId).join(','),
  professionals: parts.map((p) => p.professionalId).join(','),
  mode,
  date,
});

/** The times all the parts fit on `date`, each with where every part falls. */
export const visitSlots = async (parts: readonly VisitPart[], mode: VisitMode, date: string) =>
  (await call(api.booking.visits.slots.$get({ query: slotsQuery(parts, mode, date) }), MSG.realtimeFailed)).slots;

/** The same times for someone not signed in: the public page's read (ADR 105), limited per address. */
export const publicVisitSlots = async (parts: readonly VisitPart[], mode: VisitMode, date: string) =>
  (await call(api.booking.public.visits.slots.$get({ query: slotsQuery(parts, mode, date) }), MSG.realtimeFailed)).slots;

/** Books the visit: all its parts or none. */
export const bookVisit = (json: VisitBody) => call(api.booking.visits.$post({ json }), MSG.bookingFailed);

/** One time the visit may start, with where every part falls. */
export type VisitSlotAnswer = Awaited<ReturnType<typeof visitSlots>>[number];

export type StaffVisitBody = InferRequestType<(typeof api.booking.visits)['staff']['$post']>['json'];

/** The staff book the visit for a client record (ADR 104): all its parts or none. */
export const staffBookVisit = (json: StaffVisitBody) => call(api.booking.visits.staff.$post({ json }), MSG.bookingFailed);
