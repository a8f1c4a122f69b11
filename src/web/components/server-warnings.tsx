import { OPERATIONS_MSG } from '../../domain/texts/operations';
import { Alert } from './alert';

/** What GET /api/admin/health answers (the page fetches it: `adminHealthQuery`). */
export type ServerHealth = { version: string; disk: { freeBytes: number; totalBytes: number; level: 'ok' | 'low' | 'full' } | null };

const sizeFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** 812 MB, 1,5 GB: the units a person reads in a file manager. */
export function formatBytes(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${sizeFormat.format(gb)} GB` : `${sizeFormat.format(Math.floor(bytes / 1024 ** 2))} MB`;
}

/**
 * The server's warnings for the admin (the dashboard, Configuración; the page hands it
 * `adminHealthQuery`'s answer): the disk that holds the salon's data running short
 * (docs/operations.md, "Qué vigilar"). Nothing at all while all is well.
 */
export function ServerWarnings({ health }: { health: ServerHealth | undefined }) {
  const disk = health?.disk;
  if (!disk || disk.level === 'ok') return null;
  return (
    <div className="mb-6">
      <Alert tone={disk.level === 'full' ? 'error' : 'info'}>
        <p className="font-semibold">{OPERATIONS_MSG.diskLowTitle}</p>
        <p>
          Quedan {formatBytes(disk.freeBytes)} libres de {formatBytes(disk.totalBytes)}. {OPERATIONS_MSG.diskLowAction}
        </p>
      </Alert>
    </div>
  );
}

/** The release and the free space, at the foot of Configuración, for whoever looks after the server. */
export function ServerVersion({ health }: { health: ServerHealth | undefined }) {
  if (!health) return null;
  return (
    <p className="mt-8 text-center text-xs text-muted lining-nums">
      Auna {health.version}
      {health.disk ? ` · ${formatBytes(health.disk.freeBytes)} libres en el disco del servidor` : ''}
    </p>
  );
}
