import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatPhone } from '../../../domain/phone';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { Sheet } from '../../components/sheet';
import { inputClass } from '../../components/input-class';
import { ClientPicker } from './client-picker';
import { clientsQuery } from '../../api/front-desk';

/** "Clientes" (docs/decisions/019-client-records.md): everyone with appointments, with or without an account; search as you type. */
export default function ClientsPage() {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => setSearch(q), 200);
    return () => clearTimeout(t);
  }, [q]);
  const { data, isPending, isError, error } = useQuery(clientsQuery(search));

  return (
    <div>
      <PageHeader
        title="Clientes"
        subtitle="Busca por nombre, teléfono o email."
        actions={<Button onPress={() => setCreating(true)}>Nuevo cliente</Button>}
      />
      <label className="relative mb-4 block max-w-xl">
        <span className="sr-only">Buscar cliente</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
        <input
          className={`${inputClass} pl-9`}
          placeholder="Nombre, teléfono o email"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          type="search"
        />
      </label>
      {isPending ? (
        <InlineLoading text="Cargando clientes..." />
      ) : isError ? (
        <Alert>{error.message}</Alert>
      ) : data.length === 0 ? (
        <p className="text-muted">Ningún cliente coincide.</p>
      ) : (
        <ul
          className="divide-y divide-line overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft"
          aria-label="Clientes"
        >
          {data.map((c) => (
            <li key={c.id}>
              <Link
                to={`/admin/clients/${c.id}`}
                className="flex min-h-14 flex-col justify-center px-4 py-2 hover:bg-rose-50 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="font-medium">{c.name}</span>
                <span className="text-sm text-muted">
                  {[formatPhone(c.phone), c.email, c.hasAccount ? 'Con cuenta' : null].filter(Boolean).join(' · ')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Sheet isOpen={creating} title="Nuevo cliente" onClose={() => setCreating(false)}>
        <ClientPicker value={null} onChange={(c) => c && navigate(`/admin/clients/${c.id}`)} startCreating />
      </Sheet>
    </div>
  );
}
