import { formatPhone } from '../../domain/phone';
import { Button } from './button';

/** What a client search shows of each record (the desk's `ClientSummary`). */
type Found = { id: string; name: string; phone: string | null; email: string | null };

const contactOf = (c: Found) => [formatPhone(c.phone), c.email].filter(Boolean).join(' · ');

/** A client search's matches, each a button that picks it (the desk's "Nueva cita", the booking page's "Para un cliente"). */
export function ClientResults<C extends Found>({ clients, onPick }: { clients: C[]; onPick: (c: C) => void }) {
  return (
    <ul className="max-h-56 overflow-y-auto rounded-xl border border-line" aria-label="Clientes encontrados">
      {clients.length === 0 && <li className="px-4 py-3 text-sm text-muted">Ningún cliente coincide.</li>}
      {clients.map((c) => (
        <li key={c.id} className="border-b border-line/60 last:border-b-0">
          <button
            type="button"
            onClick={() => onPick(c)}
            className="flex min-h-11 w-full cursor-pointer flex-col px-4 py-2 text-left hover:bg-rose-50"
          >
            <span className="font-medium">{c.name}</span>
            <span className="text-sm text-muted">{contactOf(c)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The client picked, with "Cambiar" to search again. */
export function ChosenClient({ client, onChange }: { client: Found; onChange: () => void }) {
  return (
    <div
      className="flex items-center justify-between gap-3 rounded-xl border border-line bg-ivory/60 px-4 py-3"
      data-testid="chosen-client"
    >
      <div className="min-w-0">
        <p className="font-semibold">{client.name}</p>
        <p className="text-sm text-muted">{contactOf(client)}</p>
      </div>
      <Button variant="secondary" onPress={onChange}>
        Cambiar
      </Button>
    </div>
  );
}
