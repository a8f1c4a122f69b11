import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { STAFF_MSG } from '../../domain/texts/staff';
import { Button } from './button';

/** What the server says of the signed-in staff member's feed (never the URL: it keeps only a hash). */
export type CalendarFeedStatus = { active: boolean; createdAt: string | null };

/**
 * ADR 022: the staff member's secret .ics URL to subscribe from Google Calendar, Apple Calendar
 * or Outlook. For an employee their own appointments; for the admin the whole salon. The server
 * keeps only a hash of it (ADR 032): the URL is shown once, right after it is made.
 *
 * The page hands in the data: `feed`, the status query's options (calendarFeedQuery() of
 * api/notifications), and `create`, the request that makes a new URL (createCalendarFeed).
 */
export function CalendarFeedCard<K extends QueryKey>({
  feed: feedQuery,
  create,
}: {
  feed: UseQueryOptions<CalendarFeedStatus, Error, CalendarFeedStatus, K> & { queryKey: K };
  create: () => Promise<{ url: string }>;
}) {
  const qc = useQueryClient();
  const [copied, setCopied] = useState(false);
  // The URL just made: held by this page only, gone on reload (the server cannot show it again).
  const [url, setUrl] = useState<string | null>(null);
  const feed = useQuery(feedQuery);
  const regenerate = useMutation({
    mutationFn: create,
    onSuccess: (data) => {
      setCopied(false);
      setUrl(data.url);
      qc.setQueryData<CalendarFeedStatus>(feedQuery.queryKey, { active: true, createdAt: new Date().toISOString() });
    },
  });
  if (feed.isPending || feed.isError) return null;
  const active = feed.data.active;
  return (
    <section
      aria-labelledby="calendar-feed-title"
      className="mt-8 rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft"
    >
      <h2 id="calendar-feed-title" className="flex items-center gap-2 font-serif text-xl text-ink">
        <CalendarPlus className="h-5 w-5 text-rose-700" aria-hidden />
        {STAFF_MSG.calendarFeedTitle}
      </h2>
      <p className="mt-1 text-sm text-muted">{STAFF_MSG.calendarFeedHelp}</p>
      {url && <p className="mt-3 text-sm font-medium text-ink">{STAFF_MSG.calendarFeedShownOnce}</p>}
      {!url && active && <p className="mt-3 text-sm text-muted">{STAFF_MSG.calendarFeedActive}</p>}
      {url && (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <input
            readOnly
            value={url}
            aria-label="Enlace del calendario"
            onFocus={(e) => e.target.select()}
            className="min-w-0 flex-1 rounded-lg border border-line bg-ivory px-3 py-2 font-mono text-xs text-ink"
          />
          <Button
            variant="secondary"
            onPress={() => {
              void navigator.clipboard?.writeText(url).then(() => setCopied(true));
            }}
          >
            <Copy className="h-4 w-4" aria-hidden />
            Copiar
          </Button>
        </div>
      )}
      {copied && (
        <p className="mt-2 text-sm text-muted" role="status">
          {STAFF_MSG.calendarFeedCopied}
        </p>
      )}
      <div className="mt-3">
        <Button variant={active ? 'secondary' : 'primary'} isDisabled={regenerate.isPending} onPress={() => regenerate.mutate()}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          {active ? STAFF_MSG.calendarFeedRegenerate : STAFF_MSG.calendarFeedCreate}
        </Button>
      </div>
    </section>
  );
}
