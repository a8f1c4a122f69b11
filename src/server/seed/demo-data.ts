import type { WeeklySchedule } from '../../domain/weekly-schedule';
import { defaultWeeklySchedule } from '../../domain/weekly-schedule';

// The demo salon of ARCHITECTURE.md §3: realistic services in several categories (one inactive),
// three employees with accounts and a lunch break, one without an account, one inactive; two
// cabins and a diode laser (ADR 036) that the facials, the massage and the laser sessions need.

export const DEMO_PASSWORD = 'auna-demo';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@auna.demo', name: 'Rocío Navarro', role: 'admin' },
  lucia: { email: 'lucia@auna.demo', name: 'Lucía Martín', role: 'employee' },
  carmen: { email: 'carmen@auna.demo', name: 'Carmen Ruiz', role: 'employee' },
  javier: { email: 'javier@auna.demo', name: 'Javier Soto', role: 'employee' },
  client: { email: 'cliente@auna.demo', name: 'Marta García', role: 'client' },
  client2: { email: 'elena@auna.demo', name: 'Elena Torres', role: 'client' },
} as const;

export type DemoServiceKey = keyof typeof DEMO_SERVICES;

export const DEMO_RESOURCES = {
  cabina1: { name: 'Cabina 1', kind: 'cabina' },
  cabina2: { name: 'Cabina 2', kind: 'cabina' },
  laser: { name: 'Láser de diodo', kind: 'aparato' },
} as const;
export type DemoResourceKey = keyof typeof DEMO_RESOURCES;

const ANY_CABIN: readonly DemoResourceKey[] = ['cabina1', 'cabina2'];

// `groups`: what a service needs besides the professional, each group satisfied by any one free
// member (ADR 036); `prep`/`cleanup`: minutes before and after that hold the professional and
// the resources (preparing the cabin, cleaning it between clients), not told to the client.
export const DEMO_SERVICES = {
  corte: { name: 'Corte y peinado', category: 'Cabello', duration: 45, price: 28, description: 'Lavado con masaje capilar, corte a tu medida y peinado final.' },
  tinte: { name: 'Tinte completo', category: 'Cabello', duration: 90, price: 55, description: 'Color de raíz a puntas con productos sin amoniaco y tratamiento de brillo.' },
  balayage: { name: 'Mechas balayage', category: 'Cabello', duration: 120, price: 85, description: 'Iluminación natural pintada a mano, con matiz y peinado incluidos.' },
  manicura: { name: 'Manicura semipermanente', category: 'Uñas', duration: 45, price: 22, description: 'Limado, cutículas y esmaltado semipermanente que dura hasta tres semanas.' },
  pedicura: { name: 'Pedicura spa', category: 'Uñas', duration: 60, price: 30, description: 'Baño de pies, exfoliación, hidratación y esmaltado.' },
  limpieza: { name: 'Limpieza facial profunda', category: 'Facial', duration: 60, price: 45, description: 'Limpieza, extracción, mascarilla según tu piel y masaje facial.', groups: [ANY_CABIN], cleanup: 10 },
  hidratante: { name: 'Tratamiento hidratante con ácido hialurónico', category: 'Facial', duration: 50, price: 52.5, description: '', groups: [ANY_CABIN], cleanup: 10 },
  cejas: { name: 'Diseño de cejas', category: '', duration: 20, price: 12.5, description: 'Depilación con hilo y diseño según la forma de tu rostro.' },
  masaje: { name: 'Masaje relajante', category: 'Bienestar', duration: 60, price: 48, description: 'Masaje de cuerpo completo con aceites templados.', groups: [ANY_CABIN], cleanup: 10 },
  laserPiernas: {
    name: 'Depilación láser de diodo: piernas completas',
    category: 'Depilación láser',
    duration: 45,
    price: 65,
    description: 'Sesión con láser de diodo, apta para todo tipo de piel. Ven con la zona rasurada el día anterior.',
    groups: [['laser'], ANY_CABIN],
    prep: 5,
    cleanup: 10,
  },
  laserAxilas: {
    name: 'Depilación láser de diodo: axilas',
    category: 'Depilación láser',
    duration: 15,
    price: 25,
    description: 'Sesión rápida con láser de diodo. Ven con la zona rasurada el día anterior.',
    groups: [['laser'], ANY_CABIN],
    prep: 5,
    cleanup: 10,
  },
  keratina: { name: 'Alisado de keratina', category: 'Cabello', duration: 150, price: 120, description: 'Temporada de verano: vuelve pronto.', inactive: true },
} as const;

function withLunch(start: string, end: string, lunch: [string, string], saturday?: [string, string]): WeeklySchedule {
  const s = defaultWeeklySchedule();
  for (const d of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
    s[d] = { isWorkingDay: true, startTime: start, endTime: end, breaks: [{ start: lunch[0], end: lunch[1] }] };
  }
  if (saturday) s.saturday = { isWorkingDay: true, startTime: saturday[0], endTime: saturday[1], breaks: [] };
  return s;
}

export const DEMO_EMPLOYEES = [
  {
    name: 'Lucía Martín',
    account: 'lucia',
    phone: '+34 612 345 678',
    services: ['corte', 'tinte', 'balayage', 'keratina'],
    availability: withLunch('09:00', '19:00', ['14:00', '15:00'], ['10:00', '14:00']),
  },
  {
    name: 'Carmen Ruiz',
    account: 'carmen',
    phone: '+34 622 118 904',
    services: ['manicura', 'pedicura', 'cejas', 'laserPiernas', 'laserAxilas'],
    availability: withLunch('10:00', '20:00', ['14:30', '15:30']),
  },
  {
    name: 'Javier Soto',
    account: 'javier',
    phone: null,
    services: ['limpieza', 'hidratante', 'masaje', 'cejas', 'laserPiernas', 'laserAxilas'],
    availability: withLunch('09:00', '18:00', ['13:30', '14:30']),
  },
  { name: 'Nuria Gil', account: null, phone: '+34 633 900 211', services: ['manicura', 'masaje'], availability: defaultWeeklySchedule() },
  { name: 'Sara Molina', account: null, phone: null, services: ['corte'], availability: defaultWeeklySchedule(), inactive: true },
] as const;

export const SALON_DEMO = {
  name: 'Auna Estética & Belleza',
  address: 'Calle Mayor 12, 37700 Béjar (Salamanca)',
  phoneNumber: '+34 923 40 12 34',
  appointmentTimeSlotInterval: 30,
  cancellationPolicyHours: 24,
};

/**
 * Bonos (ADR 037): the types the demo salon sells, and the ones sold to its clients. `daysAgo`:
 * when it was sold; the seeded appointments of a covered service name their bono (demo.ts) and
 * take a session of it as a booking would (spent once completed or missed, else reserved).
 */
export const DEMO_BONO_TYPES = {
  laser: { name: 'Bono 6 sesiones láser', services: ['laserPiernas', 'laserAxilas'], sessions: 6, price: 390, validityMonths: 12 },
  facial: { name: 'Bono 5 limpiezas faciales', services: ['limpieza'], sessions: 5, price: 180, validityMonths: 12 },
} as const satisfies Record<string, { name: string; services: readonly DemoServiceKey[]; sessions: number; price: number; validityMonths: number }>;
export type DemoBonoKey = keyof typeof DEMO_BONO_TYPES;

/** Sold by the demo admin: to the two demo clients, and to a phone-only client record. */
export const DEMO_BONOS = [
  { client: 'client', type: 'laser', daysAgo: 10, method: 'bizum' },
  { client: 'client2', type: 'facial', daysAgo: 20, method: 'efectivo' },
  { client: { name: 'Pilar Gómez', phone: '+34655443322' }, type: 'laser', daysAgo: 3, method: 'tarjeta' },
] as const;

/**
 * The demo's gift card (ADR 038), partly spent: a FIXED code, published here and in the demo's
 * docs so a visitor can try it at the desk. A real card's code is random and never stored.
 */
export const DEMO_GIFT_CARD = { code: 'AUNA-REGA-2X', amount: 60, buyerName: 'Isabel Navarro', saleMethod: 'tarjeta', soldDaysAgo: 8 } as const;
