import { useRef, useState } from 'react';
import { book, type BookingBody } from '../../api/booking';

/**
 * The booking request, sent once at a time. Not react-query's useMutation: its 0.9 KB chunk was
 * the room this first view needed under the bundle budget (ADR 009), and one request needs no cache.
 */
export function useBook() {
  const [isPending, setPending] = useState(false);
  const sending = useRef(false);
  const mutate = async (body: BookingBody, on: { onSuccess: (answer: { bonoNote: string | null }) => void; onError: (err: unknown) => void }) => {
    if (sending.current) return;
    sending.current = true;
    setPending(true);
    try {
      on.onSuccess(await book(body));
    } catch (err) {
      on.onError(err);
    } finally {
      sending.current = false;
      setPending(false);
    }
  };
  return { isPending, mutate };
}
