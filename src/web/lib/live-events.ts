import { useEffect, useRef, useState } from 'react';

export type LiveFilter = { employeeId?: string | null; date?: string | null };

/**
 * Listens to /api/events (Server-Sent Events) and calls `onChange` whenever appointments of the
 * filtered employee/day change anywhere in the salon. EventSource reconnects by itself; after a
 * reconnect we call `onChange` too, because events may have been missed while disconnected.
 * Returns false while the live connection is down (the caller may show MSG.realtimeFailed).
 */
export function useLiveAppointments(filter: LiveFilter, onChange: () => void, enabled = true): boolean {
  const cb = useRef(onChange);
  cb.current = onChange;
  const [connected, setConnected] = useState(true);
  const { employeeId, date } = filter;

  useEffect(() => {
    if (!enabled) return;
    const params = new URLSearchParams();
    if (employeeId) params.set('employeeId', employeeId);
    if (date) params.set('date', date);
    const source = new EventSource(`/api/events?${params.toString()}`);
    let opened = false;
    source.addEventListener('ready', () => {
      if (opened) cb.current();
      opened = true;
      setConnected(true);
    });
    source.addEventListener('appointments', () => cb.current());
    source.onerror = () => setConnected(source.readyState === EventSource.OPEN);
    return () => source.close();
  }, [employeeId, date, enabled]);

  return connected;
}
