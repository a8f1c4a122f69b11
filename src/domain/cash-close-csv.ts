// The till's lines in the Caja's CSV (docs/decisions/054-the-till-and-its-close.md), in the CSV's
// columns: Fecha; Hora; Tipo; Concepto; Cliente; Profesional; Método; Importe (€); Motivo; Registrado por (the Caja adds its Bloque).
// Money that moved has its Importe (cash put in +, taken out −, a voided line −); the opening and
// the close are records of a count, so their figures are in Concepto and their Importe is empty,
// and a sum of the column stays the day's money.

import { spanishDate } from './calendar-date';
import { csvAmount } from './payments';
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from './payment-methods';
import { salonDateOf, salonTimeOf, SALON_TIME_ZONE } from './salon-time';

export type TillCsvInput = {
  opening: { openingFloat: number; openedByName: string; openedAt: string } | null;
  movements: { kind: 'entrada' | 'salida'; amount: number; reason: string; byName: string; createdAt: string }[];
  closes: {
    closedAt: string;
    closedByName: string;
    expected: number;
    counted: number;
    difference: number;
    differenceReason: string;
    reopenedAt: string | null;
    reopenedByName: string | null;
    reopenReason: string | null;
  }[];
};

/** A payment line as the Caja lists it: voided or corrected when `voidedAt` is set (the other void fields with it). */
export type PaymentLineCsvInput = {
  voidedAt: string | null;
  voidKind: 'void' | 'correction' | null;
  voidReason: string | null;
  voidedByName: string | null;
  serviceName: string;
  clientName: string;
  employeeName: string;
  method: PaymentMethod;
  amount: number;
};

export type CsvRow = { at: string; cells: string[] };

/** '2026-01-14T18:30:00Z' -> ['14/01/2026', '19:30'] in the salon's time: a row's own day and time. */
function when(iso: string): [string, string] {
  const at = new Date(iso);
  return [spanishDate(salonDateOf(at, SALON_TIME_ZONE)), salonTimeOf(at, SALON_TIME_ZONE)];
}

const signed = (amount: number) => (amount < 0 ? `-${csvAmount(-amount)}` : csvAmount(amount));
const EFECTIVO = PAYMENT_METHOD_LABEL.efectivo;

export function tillCsvRows(t: TillCsvInput): CsvRow[] {
  const rows: CsvRow[] = [];
  if (t.opening) {
    const o = t.opening;
    rows.push({
      at: o.openedAt,
      cells: [
        ...when(o.openedAt),
        'Apertura de caja',
        `Fondo de caja ${csvAmount(o.openingFloat)} €`,
        '',
        '',
        EFECTIVO,
        '',
        '',
        o.openedByName,
      ],
    });
  }
  for (const m of t.movements) {
    const amount = m.kind === 'entrada' ? m.amount : -m.amount;
    rows.push({
      at: m.createdAt,
      cells: [
        ...when(m.createdAt),
        m.kind === 'entrada' ? 'Entrada de efectivo' : 'Salida de efectivo',
        m.reason,
        '',
        '',
        EFECTIVO,
        signed(amount),
        '',
        m.byName,
      ],
    });
  }
  for (const c of t.closes) {
    const figures = `Esperado ${csvAmount(c.expected)} € · contado ${csvAmount(c.counted)} € · diferencia ${signed(c.difference)} €`;
    rows.push({
      at: c.closedAt,
      cells: [...when(c.closedAt), 'Cierre de caja', figures, '', '', EFECTIVO, '', c.differenceReason, c.closedByName],
    });
    if (c.reopenedAt)
      rows.push({
        at: c.reopenedAt,
        cells: [...when(c.reopenedAt), 'Reapertura de caja', '', '', '', '', '', c.reopenReason ?? '', c.reopenedByName ?? ''],
      });
  }
  return rows;
}

/** The row of a line's void or correction, at the moment it was made (none for a line that stands). */
export function voidedLineCsvRows(l: PaymentLineCsvInput): CsvRow[] {
  if (!l.voidedAt) return [];
  const type = l.voidKind === 'void' ? 'Anulación de cobro' : 'Corrección de cobro';
  return [
    {
      at: l.voidedAt,
      cells: [
        ...when(l.voidedAt),
        type,
        l.serviceName,
        l.clientName,
        l.employeeName,
        PAYMENT_METHOD_LABEL[l.method],
        signed(-l.amount),
        l.voidReason ?? '',
        l.voidedByName ?? '',
      ],
    },
  ];
}
