import { queryOptions } from '@tanstack/react-query';
import { MSG } from '../../domain/texts/common';
import { api, call } from '../lib/api';

// Messages and calendar feeds (the server's notifications room).

/** The messages the queue keeps retrying, for the admin to act on (ADR 021). */
export const failedMessagesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'failed-messages'] as const,
    queryFn: () => call(api.messages.failed.$get(), MSG.settingsLoadFailed),
  });

/** Whether the signed-in staff member has a calendar feed (ADR 022); the URL itself is never stored (ADR 032). */
export const calendarFeedQuery = () =>
  queryOptions({ queryKey: ['calendar-feed'] as const, queryFn: () => call(api.messages['calendar-feed'].$get(), MSG.loadMyDataFailed) });

/** A new secret feed URL, replacing the old one: shown once, right after it is made. */
export const createCalendarFeed = () => call(api.messages['calendar-feed'].$post(), MSG.loadMyDataFailed);
