import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatPhone } from '../../../domain/phone';
import { Button } from '../../components/button';
import { inputClass } from '../../components/input-class';
import { clientsQuery } from '../../api/front-desk';

export type LinkedClient = { id: string; name: string };

/**
 * Links a card's buyer or recipient to a client record (optional): her privacy export lists the
 * card and her account's deletion takes her name off it (ADR 038). Search as you type, pick one.
 */
export function ClientLink({ label, value, onChange }: { label: string; value: LinkedClient | null; onChange: (c: LinkedClient | null) => void }) {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(q.trim()), 200);
    return () => clearTimeout(t);
  }, [q]);
  const found = useQuery({ ...clientsQuery(search), enabled: search.length >= 2 });
  if (value)
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted">{label}:</span> <strong>{value.name}</strong>
        <Button variant="ghost" className="min-h-9 px-3 py-1 text-sm" onPress={() => onChange(null)}>
          Quitar
        </Button>
      </p>
    );
  return (
    <div className="flex flex-col gap-1.5 text-sm">
      <label className="font-medium">
        {label} <span className="font-normal text-muted">(opcional)</span>
        <input className={`${inputClass} mt-1.5`} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Nombre o teléfono" />
      </label>
      {search.length >= 2 && (found.data ?? []).length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={`Fichas para ${label.toLowerCase()}`}>
          {(found.data ?? []).slice(0, 5).map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="w-full cursor-pointer rounded-lg border border-line px-3 py-2 text-left hover:bg-sand"
                onClick={() => {
                  onChange({ id: c.id, name: c.name });
                  setQ('');
                }}
              >
                {c.name} {c.phone && <span className="text-muted">· {formatPhone(c.phone)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
