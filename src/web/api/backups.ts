import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { MSG } from '../../domain/texts/common';
import { api, call } from '../lib/api';

// The backups room (ADR 048): its state, for the settings and the dashboard.

export type BackupStatus = InferResponseType<(typeof api.admin.backups)['$get'], 200>;

/** The last backup, the last good one, the schedule and the warning to show. */
export const backupStatusQuery = () =>
  queryOptions({ queryKey: ['admin', 'backups'] as const, queryFn: () => call(api.admin.backups.$get(), MSG.settingsLoadFailed) });
