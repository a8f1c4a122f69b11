import { Trash2 } from 'lucide-react';
import { Button } from './button';
import { formatDateLong } from '../lib/format';

// The lists of salon closures, time off and a resource's time out of service, and how their dates and hours read.

export const day = (d: string) => formatDateLong(`${d}T12:00:00Z`);
export const range = (a: string, b: string) => (a === b ? day(a) : `del ${day(a)} al ${day(b)}`);
export const hours = (a: string | null, b: string | null) => (a && b ? `, de ${a} a ${b}` : '');

export type ExceptionItem = { id: string; title: string; detail: string; onDelete: () => void };

export function ExceptionList({ items, empty, label }: { items: ExceptionItem[]; empty: string; label: string }) {
  if (items.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-line" aria-label={label}>
      {items.map((i) => (
        <li key={i.id} className="flex items-center justify-between gap-3 py-2.5">
          <div className="min-w-0">
            <p className="font-medium text-ink">{i.title}</p>
            <p className="text-sm text-muted first-letter:uppercase">{i.detail}</p>
          </div>
          <Button variant="ghost" aria-label={`Eliminar ${i.title}`} onPress={i.onDelete} className="w-11 px-0!">
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}
