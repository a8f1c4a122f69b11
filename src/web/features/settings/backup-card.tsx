import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { BackupWarning } from '../../components/backup-warning';
import { InlineLoading } from '../../components/loading';
import { failureText } from '../../components/admin/admin-ui';
import { formatDateLong, formatTime } from '../../lib/format';
import { backupStatusQuery, type BackupStatus } from '../../api/backups';

const STATUS_TEXT = { ok: 'correcta', failed: 'fallida', copy_failed: 'hecha, sin copiar fuera de esta máquina' } as const;

const size = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toLocaleString('es-ES', { maximumFractionDigits: 1 })} MB`
      : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function Facts({ s }: { s: BackupStatus }) {
  const last = s.last;
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-muted">Última copia</dt>
      <dd className="text-ink">
        {last
          ? `${formatDateLong(new Date(last.finishedAt))}, ${formatTime(new Date(last.finishedAt))} · ${[size(last.sizeBytes), STATUS_TEXT[last.status]].filter(Boolean).join(' · ')}`
          : 'Ninguna todavía'}
      </dd>
      <dt className="text-muted">Copia automática</dt>
      <dd className="text-ink">
        {s.time === 'off' ? 'Desactivada (BACKUP_TIME=off)' : `Cada noche a las ${s.time}; se guardan 7 diarias y 4 semanales`}
      </dd>
      <dt className="text-muted">Fuera de esta máquina</dt>
      <dd className="text-ink">
        {s.copyOffMachine
          ? 'Cada copia se copia también a otro disco (BACKUP_COPY_DIR)'
          : 'Sin configurar: si el disco falla, las copias se pierden con él (BACKUP_COPY_DIR)'}
      </dd>
    </dl>
  );
}

/** Configuración's "Copias de seguridad" (ADR 048): the last backup's time, size and result, and what is wrong. */
export function BackupCard() {
  const q = useQuery({ ...backupStatusQuery(), refetchInterval: 60_000 });
  return (
    <section aria-labelledby="backups-title" className="mt-8 rounded-[var(--radius-card)] bg-white p-5 shadow-soft">
      <h2 id="backups-title" className="font-serif text-xl text-ink">
        Copias de seguridad
      </h2>
      {q.isPending ? (
        <InlineLoading text="Cargando..." />
      ) : q.isError ? (
        <Alert>{failureText(q.error, MSG.settingsLoadFailed)}</Alert>
      ) : (
        <>
          <div className="mt-3 empty:hidden">
            <BackupWarning status={q.data} />
          </div>
          <Facts s={q.data} />
          <p className="mt-3 text-xs leading-relaxed text-muted">
            Cada copia está cifrada con la clave de las copias, que se muestra una sola vez al generarse: guárdala fuera del servidor. Cómo
            restaurar una copia: docs/operations.md.
          </p>
        </>
      )}
    </section>
  );
}
