import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../domain/texts/common';
import { LoadError } from '../../components/admin/catalog-ui';
import { CalendarFeedCard } from '../../components/calendar-feed-card';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { calendarFeedQuery, createCalendarFeed } from '../../api/notifications';
import { settingsQuery } from '../../api/settings';
import { FailedMessages } from './failed-messages';
import { SettingsForm } from './settings-form';

/** /admin/settings (SPEC §2 Salon settings): the salon's settings, the messages that keep failing, the calendar feed. */
export default function SettingsPage() {
  const settings = useQuery(settingsQuery());

  return (
    <section className="mx-auto max-w-4xl">
      <PageHeader title="Configuración Salón" subtitle="Los datos del salón y las reglas con las que se reservan las citas." />
      {settings.isPending ? (
        <InlineLoading text="Cargando configuración..." />
      ) : settings.isError ? (
        <LoadError message={MSG.settingsLoadFailed} onRetry={() => settings.refetch()} />
      ) : (
        <>
          <SettingsForm initial={settings.data} />
          <FailedMessages />
          <CalendarFeedCard feed={calendarFeedQuery()} create={createCalendarFeed} />
        </>
      )}
    </section>
  );
}
