import { useRef, useState, type RefObject } from 'react';
import { book, type BookingBody } from '../../api/booking';

/** Another way to send the same choices (the staff booking for a client, docs/decisions/086), and where to land after. */
export type Booker = (body: BookingBody) => Promise<{ bonoNote: string | null; to?: string }>;

/**
 * The booking request, sent once at a time. Not react-query's useMutation: its 0.9 KB chunk was
 * the room this first view needed under the bundle budget (ADR 009), and one request needs no cache.
 */
export function useBook(instead?: RefObject<Booker | null>) {
  const [isPending, setPending] = useState(false);
  const sending = useRef(false);
  const mutate = async (body: BookingBody, on: { onSuccess: (answer: { bonoNote: string | null; to?: string }) => void; onError: (err: unknown) => void }) => {
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
