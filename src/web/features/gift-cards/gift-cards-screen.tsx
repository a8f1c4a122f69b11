import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { inputClass } from '../../components/input-class';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { Sheet } from '../../components/sheet';
import { formatDateShort, formatEuros } from '../../lib/format';
import { giftCardsQuery, lookupGiftCard, type GiftCard } from '../../api/gift-cards';
import { cardLabel, GiftCardStatusBadge, validUntil } from './gift-card-text';
import { SaleForm } from './sale-form';

/** "Tarjetas regalo" (ADR 038): look a card up by its code, sell one, the recent ones. `base` is the portal's path. */
export function GiftCardsScreen({ base }: { base: string }) {
  const list = useQuery(giftCardsQuery());
  const [selling, setSelling] = useState(false);
  return (
    <div>
      <PageHeader
        title="Tarjetas regalo"
        subtitle="Vende tarjetas por un importe o un servicio y consulta su saldo con el código."
        actions={<Button onPress={() => setSelling(true)}>Vender tarjeta regalo</Button>}
      />
      <CodeLookup base={base} />
      <h2 className="mt-8 mb-3 text-sm font-semibold tracking-wide text-muted uppercase">Últimas vendidas</h2>
      {list.isPending ? (
        <InlineLoading text="Cargando tarjetas regalo..." />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : list.data.giftCards.length === 0 ? (
        <p className="text-muted">Aún no se ha vendido ninguna tarjeta regalo.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {list.data.giftCards.map((c) => (
            <CardRow key={c.id} card={c} base={base} />
          ))}
        </ul>
      )}
      <Sheet isOpen={selling} title="Vender tarjeta regalo" onClose={() => setSelling(false)}>
        <SaleForm base={base} />
      </Sheet>
    </div>
  );
}

function CodeLookup({ base }: { base: string }) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const find = async () => {
    setPending(true);
    setError(null);
    try {
      const { giftCard } = await lookupGiftCard(code);
      void navigate(`${base}/${giftCard.id}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : STAFF_MSG.giftCardNotFound);
    } finally {
      setPending(false);
    }
  };
  return (
    <form
      className="max-w-xl rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft"
      aria-label="Consultar una tarjeta"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) void find();
      }}
    >
      <label htmlFor="gift-card-code" className="text-sm font-medium">
        Buscar por código
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id="gift-card-code"
          className={`${inputClass} font-mono tracking-wider uppercase`}
          placeholder="K7MR-4QXP-2H"
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" isDisabled={pending} aria-label="Buscar">
          <Search className="h-4 w-4" aria-hidden />
          <span className="hidden sm:inline">Buscar</span>
        </Button>
      </div>
      {error && (
        <div className="mt-3">
          <Alert>{error}</Alert>
        </div>
      )}
    </form>
  );
}

function CardRow({ card: c, base }: { card: GiftCard; base: string }) {
  return (
    <li>
      <Link
        to={`${base}/${c.id}`}
        className="block rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft hover:border-rose-300"
        data-testid="gift-card-row"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-mono text-sm text-muted">{cardLabel(c.codeLast4)}</p>
            <p className="mt-0.5 font-medium">
              {c.buyerName}
              {c.recipientName && <span className="text-muted"> → {c.recipientName}</span>}
            </p>
          </div>
          <GiftCardStatusBadge status={c.status} />
        </div>
        <p className="mt-2 text-sm">
          Saldo <strong className="tabular-nums">{formatEuros(c.balance)}</strong> de {formatEuros(c.amount)}
          {c.serviceName && <span className="text-muted"> · {c.serviceName}</span>}
        </p>
        <p className="mt-0.5 text-xs text-muted">
          Vendida el {formatDateShort(new Date(c.createdAt))} · {validUntil(c.lastDay)}
        </p>
      </Link>
    </li>
  );
}
