import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { backupWarningText } from '../../components/backup-warning';
import { backupStatusQuery } from '../../api/backups';

/** A failed or missing backup, on the dashboard (ADR 048); nothing otherwise, nor while it loads. */
export function BackupAlert() {
  const q = useQuery({ ...backupStatusQuery(), refetchInterval: 5 * 60_000 });
  const text = q.data ? backupWarningText(q.data) : null;
  if (!text) return null;
  return (
    <div className="mb-6">
      <Alert>
        {text}{' '}
        <Link to="/admin/settings" className="font-medium underline underline-offset-2">
          Ver en Configuración
        </Link>
      </Alert>
    </div>
  );
}
