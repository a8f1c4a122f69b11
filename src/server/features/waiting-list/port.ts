// What the waiting list asks of the booking room (ADR 072), given to it by the composer (app.ts,
// start.ts) so that no room imports another (docs/architecture.md §4): the times the one
// availability rule offers a client, and the booking from an offer's link under the client's rules.

export type SlotQuery = { serviceId: string; professionalId: string; date: string };
export type OfferBookingRequest = SlotQuery & { clientRecordId: string; time: string };
export type Booked = { id: string; startTime: Date; endTime: Date; serviceName: string; employeeName: string; price: number };

export type BookingPort = {
  /** The client's free times that day for that service and professional (`GET /api/booking/slots`'s rule). */
  slots: (q: SlotQuery) => Promise<{ time: string; start: string }[]>;
  /** Books it for the record; throws the booking's ApiErrors (409 slot_taken: the spec's conflict text). */
  book: (req: OfferBookingRequest) => Promise<Booked>;
};
