import { useEffect, useRef, useState } from 'react';

export type LiveFilter = { employeeId?: string | null; date?: string | null };

/**
 * Listens to /api/events (Server-Sent Events) and calls `onChange` whenever appointments of the
 * filtered employee/day change anywhere in the salon, with the days they changed on. EventSource
 * reconnects by itself; after a reconnect we call `onChange` too, with no days (any may have
 * changed: events may have been missed while disconnected). Returns false while the live
 * connection is down (the caller may show MSG.realtimeFailed).
 */
export function useLiveAppointments(filter: LiveFilter, onChange: (dates?: readonly string[]) => void, enabled = true): boolean {
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
    source.addEventListener('appointments', (e) => cb.current(datesIn(e.data)));
    source.onerror = () => setConnected(source.readyState === EventSource.OPEN);
    return () => source.close();
  }, [employeeId, date, enabled]);

  return connected;
}

/** The days an event names (`{ dates: [...] }`, src/server/live-events/realtime.ts); none if it cannot be read. */
function datesIn(data: unknown): readonly string[] | undefined {
  try {
    const dates: unknown = typeof data === 'string' ? (JSON.parse(data) as { dates?: unknown }).dates : undefined;
    return Array.isArray(dates) && dates.every((d) => typeof d === 'string') ? dates : undefined;
  } catch {
    return undefined;
  }
}
