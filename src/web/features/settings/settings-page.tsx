import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../domain/texts/common';
import { QueryPage } from '../../components/admin/query-page';
import { CalendarFeedCard } from '../../components/calendar-feed-card';
import { calendarFeedQuery, createCalendarFeed } from '../../api/notifications';
import { settingsQuery } from '../../api/settings';
import { BackupCard } from './backup-card';
import { FailedMessages } from './failed-messages';
import { SettingsForm } from './settings-form';
import { ServerVersion, ServerWarnings } from '../../components/server-warnings';
import { adminHealthQuery } from '../../api/health';

/** /admin/settings (SPEC §2 Salon settings): the salon's settings, the messages that keep failing, the calendar feed. */
export default function SettingsPage() {
  const settings = useQuery(settingsQuery());
  const health = useQuery(adminHealthQuery()).data;

  return (
    <QueryPage
      className="mx-auto max-w-4xl"
      title="Configuración Salón"
      subtitle="Los datos del salón y las reglas con las que se reservan las citas."
      query={settings}
      loading="Cargando configuración..."
      failed={MSG.settingsLoadFailed}
    >
      {(data) => (
        <>
          <ServerWarnings health={health} />
          <SettingsForm initial={data} />
          <FailedMessages />
          <BackupCard />
          <CalendarFeedCard feed={calendarFeedQuery()} create={createCalendarFeed} />
          <ServerVersion health={health} />
        </>
      )}
    </QueryPage>
  );
}
