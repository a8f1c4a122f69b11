import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { BonoCard, salonDay } from '../../components/bono-card';
import { inputClass } from '../../components/input-class';
import { DateFilter } from '../../components/lazy-date-filter';
import { InlineLoading } from '../../components/loading';
import { clientBonosQuery, extendBono, refundBono, type ClientBono } from '../../api/bonos';
import { BonoSaleForm } from './bono-sale-form';

// A client's bonos on her record (ADR 037): what each has left, "Vender bono" for the staff, and
// the admin's extension and refund with a reason. The bono types are the admin's (/admin/bonos).

const label = 'flex flex-col gap-1.5 text-sm font-medium text-ink';

/** The admin's extension or refund of one bono, each with its reason (audited on the server). */
function AdminActions({ bono, onDone }: { bono: ClientBono; onDone: () => void }) {
  const [mode, setMode] = useState<'extend' | 'refund' | null>(null);
  const [expiresOn, setExpiresOn] = useState(bono.expiresOn);
  const [reason, setReason] = useState('');
  const act = useMutation({
    mutationFn: () => (mode === 'extend' ? extendBono(bono.id, { expiresOn, reason }) : refundBono(bono.id, { reason })),
    onSuccess: () => {
      toast.success(mode === 'extend' ? 'Caducidad ampliada.' : 'Bono devuelto.');
      setMode(null);
      setReason('');
      onDone();
    },
  });
  if (bono.refunded) return <p className="mt-3 text-sm text-muted">Devuelto: {bono.refundReason}</p>;
  return (
    <div className="mt-4 border-t border-line pt-3">
      {bono.changes.map((c) => (
        <p key={String(c.createdAt)} className="text-xs text-muted">
          {c.action === 'extended' ? `Ampliado hasta ${salonDay(c.after.expiresOn ?? '')}` : 'Devuelto'} por {c.changedByName}: {c.reason}
        </p>
      ))}
      {mode === null ? (
        <div className="mt-2 flex gap-2">
          <Button variant="secondary" onPress={() => setMode('extend')}>
            Ampliar caducidad
          </Button>
          <Button variant="secondary" onPress={() => setMode('refund')}>
            Devolver
          </Button>
        </div>
      ) : (
        <form
          className="mt-2 grid gap-3"
          aria-label={mode === 'extend' ? 'Ampliar caducidad' : 'Devolver bono'}
          onSubmit={(e) => {
            e.preventDefault();
            act.mutate();
          }}
        >
          {mode === 'extend' && (
            <DateFilter label="Nueva caducidad" name="bono-expires" value={expiresOn} onChange={setExpiresOn} />
          )}
          <label className={label}>
            Motivo
            <input name="bono-reason" className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          {act.isError && <Alert>{act.error.message}</Alert>}
          <div className="flex gap-2">
            <Button type="submit" isDisabled={act.isPending}>
              {mode === 'extend' ? 'Ampliar' : 'Devolver bono'}
            </Button>
            <Button variant="secondary" onPress={() => setMode(null)}>
              Cancelar
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/** "Bonos" on the client's record: her bonos, the sale, and the admin's actions. */
export function ClientBonos({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const qc = useQueryClient();
  const list = useQuery(clientBonosQuery(clientId));
  const [selling, setSelling] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: clientBonosQuery(clientId).queryKey });
  return (
    <section className="mt-8" aria-label="Bonos">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="font-serif text-2xl">Bonos</h2>
        {!selling && <Button onPress={() => setSelling(true)}>Vender bono</Button>}
      </div>
      {selling && (
        <div className="mb-4">
          <BonoSaleForm
            clientId={clientId}
            onDone={() => {
              setSelling(false);
              refresh();
            }}
          />
        </div>
      )}
      {list.isPending ? (
        <InlineLoading text="Cargando bonos..." />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : list.data.bonos.length === 0 ? (
        <p className="text-muted">Ninguno.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {list.data.bonos.map((b) => (
            <BonoCard key={b.id} bono={b}>
              {isAdmin && <AdminActions bono={b} onDone={refresh} />}
            </BonoCard>
          ))}
        </ul>
      )}
    </section>
  );
}
