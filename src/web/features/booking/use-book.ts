import { useRef, useState, type RefObject } from 'react';
import { book, type BookingBody } from '../../api/booking';
import type { ClientSummary } from '../../api/front-desk';
import type { VisitBody } from '../../api/visits';

/**
 * Another way to send the same choices (the staff booking for a client, docs/decisions/086), and where to land after;
 * `visit` sends a visit of several services the same way (the staff's visit for that client, ADR 104), and `client`
 * is who it is for (none yet: "Para un cliente" before one is chosen, which books nobody).
 */
export type Booker = ((body: BookingBody) => Promise<{ bonoNote: string | null; to?: string }>) & {
  visit: (body: VisitBody) => Promise<{ to: string }>;
  client?: ClientSummary;
};

/**
 * The booking request, sent once at a time. Not react-query's useMutation: its 0.9 KB chunk was
 * the room this first view needed under the bundle budget (ADR 009), and one request needs no cache.
 */
export function useBook(instead?: RefObject<Booker | null>) {
  const [isPending, setPending] = useState(false);
  const sending = useRef(false);
  const mutate = async (
    body: BookingBody,
    on: { onSuccess: (answer: { bonoNote: string | null; to?: string }) => void; onError: (err: unknown) => void },
  ) => {
    if (sending.current) return;
    sending.current = true;
    setPending(true);
    try {
      on.onSuccess(await (instead?.current ?? book)(body));
    } catch (err) {
      on.onError(err);
    } finally {
      sending.current = false;
      setPending(false);
    }
  };
  return { isPending, mutate };
}
