import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateLong } from '../lib/format';

// "A day not closed shows as such the next morning" (docs/decisions/054-the-till-and-its-close.md):
// the days before today left without a close, where the desk looks first (the Caja, the
// dashboard, the day view, the close itself). The page reads them and says where each day's close is.

const dayName = (date: string) => formatDateLong(new Date(`${date}T12:00:00Z`));

export function UnclosedDaysNotice({
  days,
  hrefOf,
  except,
}: {
  days: readonly { date: string }[] | undefined;
  hrefOf: (date: string) => string;
  except?: string;
}) {
  const shown = (days ?? []).filter((d) => d.date !== except);
  if (shown.length === 0) return null;
  const [last, ...older] = shown;
  return (
    <div
      role="status"
      className="mb-6 flex gap-3 rounded-2xl border border-amber-800/25 bg-amber-100 px-4 py-3 text-sm leading-relaxed text-ink"
      data-testid="unclosed-days"
    >
      <CircleAlert className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" aria-hidden />
      <div>
        <p>
          <strong>La caja del {dayName(last!.date)} no se cerró.</strong>{' '}
          <Link className="font-medium text-rose-800 underline underline-offset-2" to={hrefOf(last!.date)}>
            Cerrarla ahora
          </Link>
        </p>
        {older.length > 0 && (
          <p className="mt-1 text-muted">
            {older.length === 1 ? 'También queda sin cerrar el ' : `También quedan sin cerrar ${older.length} días más: `}
            {older.slice(0, 5).map((d, i) => (
              <span key={d.date}>
                {i > 0 && ', '}
                <Link className="underline underline-offset-2" to={hrefOf(d.date)}>
                  {dayName(d.date)}
                </Link>
              </span>
            ))}
            {older.length > 5 && '…'}.
          </p>
        )}
      </div>
    </div>
  );
}
