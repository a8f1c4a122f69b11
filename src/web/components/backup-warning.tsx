import { formatDateLong, formatTime } from '../lib/format';
import { Alert } from './alert';

// The backups' warning (ADR 048), the same in Configuración and on the dashboard.

export type BackupWarningView = {
  warning: 'failed' | 'copy_failed' | 'missing' | null;
  lastGoodAt: string | null;
  last: { finishedAt: string; error: string | null } | null;
};

const when = (iso: string) => `el ${formatDateLong(new Date(iso))} a las ${formatTime(new Date(iso))}`;

export function backupWarningText(s: BackupWarningView): string | null {
  const lastGood = s.lastGoodAt ? ` La última copia buena es del ${when(s.lastGoodAt).slice(3)}.` : ' No hay ninguna copia buena.';
  switch (s.warning) {
    case 'failed':
      return `La última copia de seguridad falló (${s.last ? when(s.last.finishedAt) : ''}): ${s.last?.error ?? 'sin detalle'}.${lastGood}`;
    case 'copy_failed':
      return `La última copia de seguridad se hizo, pero no se pudo copiar fuera de esta máquina: ${s.last?.error ?? 'sin detalle'}.`;
    case 'missing':
      return s.lastGoodAt
        ? `No hay copia de seguridad desde ${when(s.lastGoodAt)}: revisa que el servidor haga la de cada noche.`
        : 'Todavía no hay ninguna copia de seguridad de los datos del salón: revisa que el servidor haga la de cada noche.';
    default:
      return null;
  }
}

/** Nothing when the backups are fine; else the warning, in the danger colour. */
export function BackupWarning({ status }: { status: BackupWarningView }) {
  const text = backupWarningText(status);
  return text ? <Alert>{text}</Alert> : null;
}
