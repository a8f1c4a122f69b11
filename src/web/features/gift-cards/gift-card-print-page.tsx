import { readablePhone } from '../../../domain/phone';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useParams } from 'react-router';
import { spanishDate } from '../../../domain/calendar-date';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { formatEuros } from '../../lib/format';
import { giftCardQuery, soldCodeOf } from '../../api/gift-cards';
import { privacyQuery } from '../../api/privacy';

/**
 * /gift-cards/:id/print — the card to print and hand over (ADR 038: a page, not a PDF: no new
 * weight in the browser, and the browser's "Guardar como PDF" makes one to send). The code comes
 * from this tab's memory of the sale; the server never shows it again.
 */
export default function GiftCardPrintPage() {
  const { id = '' } = useParams();
  const card = useQuery(giftCardQuery(id));
  const salon = useQuery(privacyQuery());
  const code = soldCodeOf(id);
  if (card.isPending || salon.isPending) return <InlineLoading text="Preparando la tarjeta..." />;
  if (card.isError) return <Alert>{card.error.message}</Alert>;
  const c = card.data.giftCard;
  return (
    <main className="mx-auto max-w-xl px-4 py-8 print:max-w-[16cm] print:pt-8">
      <div className="mb-6 flex flex-wrap gap-2 print:hidden">
        <Button onPress={() => window.print()} isDisabled={!code}>
          <Printer className="h-4 w-4" aria-hidden />
          Imprimir
        </Button>
        <ButtonLink href={`/admin/gift-cards/${id}`} variant="secondary" onClick={(e) => { if (window.history.length > 1) { e.preventDefault(); window.history.back(); } }}>
          Volver
        </ButtonLink>
      </div>
      {!code && (
        <div className="mb-6 print:hidden">
          <Alert tone="info">Por seguridad, el código solo se puede imprimir justo después de vender la tarjeta.</Alert>
        </div>
      )}
      <article
        className="rounded-[1.5rem] border-2 border-rose-200 bg-gradient-to-br from-white to-rose-50 p-8 text-center shadow-soft print:break-inside-avoid print:shadow-none"
        data-testid="gift-card-printable"
      >
        <p className="text-sm font-semibold tracking-[0.25em] text-rose-800 uppercase">{salon.data?.salonName}</p>
        <h1 className="mt-3 font-serif text-4xl">Tarjeta regalo</h1>
        {c.recipientName && <p className="mt-4 text-lg">Para {c.recipientName}</p>}
        <p className={`mt-5 font-serif tabular-nums ${c.serviceName ? 'text-3xl' : 'text-5xl'}`}>{c.serviceName ?? formatEuros(c.amount)}</p>
        {c.serviceName && <p className="mt-1 text-muted">Valor {formatEuros(c.amount)}</p>}
        <div className="mx-auto mt-7 w-fit rounded-xl border border-line bg-white px-6 py-3">
          <p className="text-xs tracking-wide text-muted uppercase">Código</p>
          <p className="font-mono text-2xl font-semibold tracking-[0.2em]">{code ?? '••••-••••-••'}</p>
        </div>
        <p className="mt-6 text-sm text-muted">Válida hasta el {spanishDate(c.lastDay)}. Presenta este código en el salón.</p>
        {(salon.data?.address || salon.data?.phoneNumber) && (
          <p className="mt-1 text-xs text-muted">{[salon.data.address, readablePhone(salon.data.phoneNumber)].filter(Boolean).join(' · ')}</p>
        )}
      </article>
    </main>
  );
}
