import { spanishDate } from './calendar-date';
import { formatEuros } from './money';
import { formatPhone } from './phone';
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from './payment-methods';
import { csvAmount, toCsv } from './payments';
import { bucketLabel, occupancyRate, rate, type Bucket, type HeatGrid } from './reports';
import { DAY_LABELS, DAY_KEYS } from './weekly-schedule';

// Each Informes chart's numbers as one table (ADR 042): the page shows it under its chart
// (the accessible reading of the chart) and "Descargar CSV" downloads the same rows, so the file and
// the screen cannot disagree. The CSV is the Caja's (payments.ts): semicolons, decimal comma, BOM.

export type RevenueReport = {
  bucket: Bucket;
  byBucket: Array<{ key: string; completed: number; revenue: number; taken: number }>;
  byProfessional: Array<{ name: string; completed: number; revenue: number }>;
  byMethod: Array<{ method: PaymentMethod; count: number; amount: number }>;
  sales: Array<{ kind: 'bono' | 'tarjeta_regalo'; count: number; amount: number }>;
};
export type OccupancyRow = { name: string; available: number; booked: number };
export type OccupancyReport = { byProfessional: OccupancyRow[]; byResource: OccupancyRow[]; heatmap: { booked: HeatGrid; available: HeatGrid } };
/** The reminder a visit got (ADR 055-057): the channel that reached her, the desk's wa.me link, or none. */
export const REMINDER_CHANNELS = ['whatsapp', 'sms', 'email', 'whatsapp_link', 'none'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_CHANNEL_LABEL: Record<ReminderChannel, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  email: 'Email',
  whatsapp_link: 'WhatsApp del salón',
  none: 'Sin recordatorio',
};
export type AttendanceReport = {
  bucket: Bucket;
  byBucket: Array<{ key: string; total: number; completed: number; noShow: number; cancelledByClient: number; cancelledBySalon: number }>;
  /** Visits that were due (completed or no-show), by the reminder that reached them; how many she confirmed herself. */
  byReminder: Array<{ channel: ReminderChannel; visits: number; noShow: number; confirmed: number }>;
};
export type ServicesReport = { services: Array<{ name: string; completed: number; revenue: number }> };
export type LostClient = { id: string; name: string; phone: string | null; lastVisit: string; visits: number };
export type ClientsReport = { bucket: Bucket; byBucket: Array<{ key: string; newClients: number; returning: number }>; lost: { days: number; clients: LostClient[] } };

export type ColumnKind = 'text' | 'count' | 'euros' | 'percent' | 'hours';
export type Cell = string | number | null;
export type ReportTable = { caption: string; columns: Array<{ label: string; kind: ColumnKind }>; rows: Cell[][] };

/** Every table the Informes download, by the name its CSV route takes. */
export const REPORT_TABLES = {
  'ingresos-periodo': 'revenue',
  'ingresos-profesional': 'revenue',
  'cobros-metodo': 'revenue',
  ventas: 'revenue',
  'ocupacion-profesional': 'occupancy',
  'ocupacion-cabinas': 'occupancy',
  'ocupacion-horas': 'occupancy',
  asistencia: 'attendance',
  recordatorios: 'attendance',
  servicios: 'services',
  'clientes-nuevos': 'clients',
  'clientes-perdidos': 'clients',
} as const;
export type ReportTableId = keyof typeof REPORT_TABLES;
export type ReportName = (typeof REPORT_TABLES)[ReportTableId];
export const REPORT_TABLE_IDS = Object.keys(REPORT_TABLES) as ReportTableId[];

const col = (label: string, kind: ColumnKind) => ({ label, kind });
const periodCol = (b: Bucket) => col(b === 'day' ? 'Día' : 'Mes', 'text');
const occupancyTable = (caption: string, who: string, rows: OccupancyRow[]): ReportTable => ({
  caption,
  columns: [col(who, 'text'), col('Horas disponibles', 'hours'), col('Horas reservadas', 'hours'), col('Ocupación', 'percent')],
  rows: rows.map((r) => [r.name, r.available, r.booked, occupancyRate(r.booked, r.available)]),
});

export function revenueTables(r: RevenueReport) {
  return {
    'ingresos-periodo': {
      caption: 'Ingresos por periodo',
      columns: [periodCol(r.bucket), col('Citas completadas', 'count'), col('Ingresos por citas', 'euros'), col('Cobrado', 'euros')],
      rows: r.byBucket.map((b) => [bucketLabel(b.key), b.completed, b.revenue, b.taken]),
    },
    'ingresos-profesional': {
      caption: 'Ingresos por profesional',
      columns: [col('Profesional', 'text'), col('Citas completadas', 'count'), col('Ingresos por citas', 'euros')],
      rows: r.byProfessional.map((p) => [p.name, p.completed, p.revenue]),
    },
    'cobros-metodo': {
      caption: 'Cobrado por método de pago',
      columns: [col('Método', 'text'), col('Cobros', 'count'), col('Importe', 'euros')],
      rows: r.byMethod.map((m) => [PAYMENT_METHOD_LABEL[m.method], m.count, m.amount]),
    },
    ventas: {
      caption: 'Bonos y tarjetas regalo vendidos',
      columns: [col('Venta', 'text'), col('Unidades', 'count'), col('Importe', 'euros')],
      rows: r.sales.map((s) => [s.kind === 'bono' ? 'Bonos' : 'Tarjetas regalo', s.count, s.amount]),
    },
  } satisfies Record<string, ReportTable>;
}

export function occupancyTables(r: OccupancyReport) {
  const hours = Array.from({ length: 24 }, (_, h) => h).filter((h) => r.heatmap.available.some((d) => d[h]! > 0) || r.heatmap.booked.some((d) => d[h]! > 0));
  return {
    'ocupacion-profesional': occupancyTable('Ocupación por profesional', 'Profesional', r.byProfessional),
    'ocupacion-cabinas': occupancyTable('Ocupación por cabina y aparato', 'Cabina o aparato', r.byResource),
    'ocupacion-horas': {
      caption: 'Ocupación por día de la semana y hora',
      columns: [col('Hora', 'text'), ...DAY_KEYS.map((d) => col(DAY_LABELS[d], 'percent'))],
      rows: hours.map((h) => [`${String(h).padStart(2, '0')}:00`, ...DAY_KEYS.map((_, d) => occupancyRate(r.heatmap.booked[d]![h]!, r.heatmap.available[d]![h]!))]),
    },
  } satisfies Record<string, ReportTable>;
}

export function attendanceTables(r: AttendanceReport) {
  return {
    asistencia: {
      caption: 'Ausencias y cancelaciones',
      columns: [
        periodCol(r.bucket),
        col('Citas', 'count'),
        col('No asistió', 'count'),
        col('Canceladas por el cliente', 'count'),
        col('Canceladas por el salón', 'count'),
        col('% no asistió', 'percent'),
        col('% canceladas por el cliente', 'percent'),
        col('% canceladas por el salón', 'percent'),
      ],
      rows: r.byBucket.map((b) => [bucketLabel(b.key), b.total, b.noShow, b.cancelledByClient, b.cancelledBySalon, rate(b.noShow, b.total), rate(b.cancelledByClient, b.total), rate(b.cancelledBySalon, b.total)]),
    },
    recordatorios: {
      caption: 'Ausencias por canal del recordatorio',
      columns: [
        col('Recordatorio', 'text'),
        col('Citas', 'count'),
        col('No asistió', 'count'),
        col('% no asistió', 'percent'),
        col('Confirmadas por la clienta', 'count'),
        col('% confirmadas por la clienta', 'percent'),
      ],
      rows: r.byReminder.map((b) => [REMINDER_CHANNEL_LABEL[b.channel], b.visits, b.noShow, rate(b.noShow, b.visits), b.confirmed, rate(b.confirmed, b.visits)]),
    },
  } satisfies Record<string, ReportTable>;
}

export function servicesTables(r: ServicesReport) {
  return {
    servicios: {
      caption: 'Servicios por ingresos',
      columns: [col('Servicio', 'text'), col('Citas completadas', 'count'), col('Ingresos', 'euros')],
      rows: r.services.map((s) => [s.name, s.completed, s.revenue]),
    },
  } satisfies Record<string, ReportTable>;
}

export function clientsTables(r: ClientsReport) {
  return {
    'clientes-nuevos': {
      caption: 'Clientes nuevos y que repiten',
      columns: [periodCol(r.bucket), col('Nuevos', 'count'), col('Repiten', 'count')],
      rows: r.byBucket.map((b) => [bucketLabel(b.key), b.newClients, b.returning]),
    },
    'clientes-perdidos': {
      caption: `Clientes que no vuelven (más de ${r.lost.days} días sin venir)`,
      columns: [col('Cliente', 'text'), col('Teléfono', 'text'), col('Última visita', 'text'), col('Visitas', 'count')],
      rows: r.lost.clients.map((c) => [c.name, formatPhone(c.phone), spanishDate(c.lastVisit), c.visits]),
    },
  } satisfies Record<string, ReportTable>;
}

const hours = (minutes: number) => Math.round(minutes / 6) / 10;
const decimal = (n: number) => String(n).replace('.', ',');
/** A rate as a percentage with one decimal: 0.125 -> 12,5. */
const percent = (r: number) => decimal(Math.round(r * 1000) / 10);

/** A cell as the page shows it. */
export function displayCell(kind: ColumnKind, v: Cell): string {
  if (v === null) return '—';
  if (typeof v === 'string') return v;
  if (kind === 'euros') return formatEuros(v);
  if (kind === 'percent') return `${percent(v)} %`;
  if (kind === 'hours') return `${decimal(hours(v))} h`;
  return String(v);
}

/** A cell as the CSV writes it: the same figure, without its unit (the header carries it). */
function csvCellOf(kind: ColumnKind, v: Cell): string {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (kind === 'euros') return csvAmount(v);
  if (kind === 'percent') return percent(v);
  if (kind === 'hours') return decimal(hours(v));
  return String(v);
}

const UNIT: Partial<Record<ColumnKind, string>> = { euros: ' (€)', percent: ' (%)', hours: ' (h)' };

export function tableCsv(t: ReportTable): string {
  return toCsv(
    t.columns.map((c) => c.label.replace(/^% /, '') + (UNIT[c.kind] ?? '')),
    t.rows.map((row) => row.map((v, i) => csvCellOf(t.columns[i]!.kind, v))),
  );
}

