import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { SaleMethod } from '../../../domain/payment-methods';
import { Alert } from '../../components/alert';
import { SaleMethodSelect } from '../../components/sale-method-select';
import { Button } from '../../components/button';
import { BonoCard, salonDay } from '../../components/bono-card';
import { inputClass } from '../../components/input-class';
import { InlineLoading } from '../../components/loading';
import { formatEuros } from '../../lib/format';
import { clientBonosQuery, extendBono, refundBono, saleTypesQuery, sellBono, type ClientBono } from '../../api/bonos';

// A client's bonos on her record (ADR 037): what each has left, "Vender bono" for the staff, and
// the admin's extension and refund with a reason. The bono types are the admin's (/admin/bonos).

const label = 'flex flex-col gap-1.5 text-sm font-medium text-ink';

function SellForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const types = useQuery(saleTypesQuery());
  const [typeId, setTypeId] = useState('');
  const [method, setMethod] = useState<SaleMethod>('efectivo');
  const [amount, setAmount] = useState('');
  const chosen = types.data?.bonoTypes.find((t) => t.id === typeId);
  const sale = useMutation({
    mutationFn: () =>
      sellBono(clientId, {
        bonoTypeId: typeId,
        paymentMethod: method,
        ...(amount.trim() ? { amount: Number(amount.replace(',', '.')) } : {}),
      }),
    onSuccess: ({ bono }) => {
      toast.success(`«${bono.name}» vendido.`);
      onDone();
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (typeId) sale.mutate();
  }
  if (types.isPending) return <InlineLoading text="Cargando bonos..." />;
  if (types.data?.bonoTypes.length === 0) return <p className="text-muted">No hay bonos a la venta. Créalos en «Bonos».</p>;
  return (
    <form
      onSubmit={submit}
      aria-label="Vender bono"
      className="grid gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft sm:grid-cols-4 sm:items-end"
    >
      <label className={`${label} sm:col-span-2`}>
        Bono
        <select
          name="bono-type"
          className={inputClass}
          value={typeId}
          onChange={(e) => {
            setTypeId(e.target.value);
            const t = types.data?.bonoTypes.find((x) => x.id === e.target.value);
            setAmount(t ? String(t.price) : '');
          }}
        >
          <option value="">Elige un bono</option>
          {types.data?.bonoTypes.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} · {formatEuros(t.price)}
            </option>
          ))}
        </select>
      </label>
      <SaleMethodSelect name="bono-method" value={method} onChange={setMethod} />
      <label className={label}>
        Importe (€)
        <input
          name="bono-amount"
          inputMode="decimal"
          className={inputClass}
          value={amount}
          placeholder={chosen ? String(chosen.price) : ''}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      {sale.isError && (
        <div className="sm:col-span-4">
          <Alert>{sale.error.message}</Alert>
        </div>
      )}
      <div className="flex gap-2 sm:col-span-4">
        <Button type="submit" isDisabled={!typeId || sale.isPending}>
          {sale.isPending ? 'Vendiendo...' : 'Vender bono'}
        </Button>
        <Button variant="secondary" onPress={onDone}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

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
            <label className={label}>
              Nueva caducidad
              <input
                type="date"
                name="bono-expires"
                className={inputClass}
                value={expiresOn}
                onChange={(e) => setExpiresOn(e.target.value)}
              />
            </label>
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
          <SellForm
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
