import type { InferRequestType } from 'hono/client';
import { MSG } from '../../domain/texts/common';
import { api, call } from '../lib/api';

// The desk fits someone in (src/server/features/booking/squeeze.ts, ADR 058): a time the grid does
// not offer, after the staff's "Fuera de horario", or a client who walked in. Staff screens only:
// apart from api/booking.ts, which the booking page's first view loads.

export type SqueezeBooking = InferRequestType<typeof api.booking.squeeze.$post>['json'];

export const squeezeBook = async (json: SqueezeBooking) => (await call(api.booking.squeeze.$post({ json }), MSG.bookingFailed));
