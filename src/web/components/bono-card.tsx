import type { ReactNode } from 'react';
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from '../../domain/payment-methods';
import { formatDateLong, formatDateShort, formatEuros, formatTime } from '../lib/format';

// One bono (ADR 037) as "Mis bonos" and the client's record show it: sessions used, reserved and
// remaining, its expiry, and each session with its appointment's date. Data comes by props.

export type BonoCardData = {
  id: string;
  name: string;
  sessions: number;
  used: number;
  reserved: number;
  remaining: number;
  expiresOn: string;
  expired: boolean;
  refunded: boolean;
  soldAt: string;
  paymentMethod: string;
  amount: number;
  services: { id: string; name: string }[];
  history: { appointmentId: string; state: string; startTime: string; serviceName: string }[];
};

/** A salon date ('2027-01-14') as 14/01/2027: noon UTC is that same day in Madrid. */
export const salonDay = (d: string) => formatDateShort(`${d}T12:00:00Z`);

const STATE_LABEL: Record<string, string> = { reserved: 'Reservada', spent: 'Usada' };

export function BonoCard({ bono, children }: { bono: BonoCardData; children?: ReactNode }) {
  const status = bono.refunded ? 'Devuelto' : bono.expired ? 'Caducado' : null;
  return (
    <li className="flex flex-col rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6" data-testid="bono-card">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-2xl leading-tight">{bono.name}</h3>
        {status && <span className="rounded-full border border-line bg-[#EEEBEA] px-2.5 py-0.5 text-xs font-semibold text-[#5A5254]">{status}</span>}
      </div>
      <p className="mt-1 text-sm text-muted">{bono.services.map((s) => s.name).join(', ')}</p>
      <p className="mt-4 text-lg text-ink" data-testid="bono-remaining">
        {bono.remaining === 1 ? 'Queda 1 sesión' : `Quedan ${bono.remaining} sesiones`} <span className="text-muted">de {bono.sessions}</span>
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Usadas</dt>
        <dd className="tabular-nums">{bono.used}</dd>
        <dt className="text-muted">Reservadas</dt>
        <dd className="tabular-nums">{bono.reserved}</dd>
        <dt className="text-muted">Caduca</dt>
        <dd>{salonDay(bono.expiresOn)}</dd>
        <dt className="text-muted">Comprado</dt>
        <dd>
          {formatDateShort(bono.soldAt)} · {formatEuros(bono.amount)} · {PAYMENT_METHOD_LABEL[bono.paymentMethod as PaymentMethod] ?? bono.paymentMethod}
        </dd>
      </dl>
      {bono.history.length > 0 && (
        <ul className="mt-4 space-y-1 border-t border-line pt-3 text-sm" aria-label="Sesiones">
          {bono.history.map((s) => (
            <li key={s.appointmentId} className="flex justify-between gap-3">
              <span className="first-letter:uppercase">
                {formatDateLong(s.startTime)}, {formatTime(s.startTime)} h
              </span>
              <span className={s.state === 'spent' ? 'text-muted' : 'font-medium text-rose-700'}>{STATE_LABEL[s.state] ?? s.state}</span>
            </li>
          ))}
        </ul>
      )}
      {children}
    </li>
  );
}
