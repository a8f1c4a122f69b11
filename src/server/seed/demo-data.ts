import type { WeeklySchedule } from '../../domain/weekly-schedule';
import { defaultWeeklySchedule } from '../../domain/weekly-schedule';

// The demo salon of ARCHITECTURE.md §3 and docs/rooms/demo.md: an aesthetics centre's services in
// several categories (one inactive), four professionals with accounts, different weeks and a
// lunch break, one without an account, one inactive; two cabins and a diode laser (ADR 036) that
// the facials, the massages, micropigmentation and the laser sessions need.

export const DEMO_PASSWORD = 'auna-demo';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@auna.demo', name: 'Rocío Navarro', role: 'admin' },
  lucia: { email: 'lucia@auna.demo', name: 'Lucía Martín', role: 'employee' },
  carmen: { email: 'carmen@auna.demo', name: 'Carmen Ruiz', role: 'employee' },
  javier: { email: 'javier@auna.demo', name: 'Javier Soto', role: 'employee' },
  irene: { email: 'irene@auna.demo', name: 'Irene Campos', role: 'employee' },
  // The desk (ADR 063): the salon's day, clients and till, not the owner's pages.
  recepcion: { email: 'recepcion@auna.demo', name: 'Paula Ortega', role: 'receptionist' },
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

// `parallel`: "Se puede hacer a la vez que otro servicio" (ADR 082), so a manicure and a pedicure can be
// booked side by side with two professionals (ADR 092).
// `groups`: what a service needs besides the professional, each group satisfied by any one free
// member (ADR 036); `prep`/`cleanup`: minutes before and after that hold the professional and
// the resources (preparing the cabin, cleaning it between clients), not told to the client.
export const DEMO_SERVICES = {
  corte: { name: 'Corte y peinado', category: 'Cabello', duration: 45, price: 28, description: 'Lavado con masaje capilar, corte a tu medida y peinado final.' },
  tinte: { name: 'Tinte completo', category: 'Cabello', duration: 90, price: 55, description: 'Color de raíz a puntas con productos sin amoniaco y tratamiento de brillo.' },
  balayage: { name: 'Mechas balayage', category: 'Cabello', duration: 120, price: 85, description: 'Iluminación natural pintada a mano, con matiz y peinado incluidos.' },
  manicura: { name: 'Manicura semipermanente', category: 'Uñas', duration: 45, price: 22, description: 'Limado, cutículas y esmaltado semipermanente que dura hasta tres semanas.', parallel: true },
  pedicura: { name: 'Pedicura spa', category: 'Uñas', duration: 60, price: 30, description: 'Baño de pies, exfoliación, hidratación y esmaltado.', parallel: true },
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
  // The aesthetics centre's treatments (docs/rooms/demo.md): realistic prices and times for a small town.
  peeling: { name: 'Peeling químico', category: 'Facial', duration: 45, price: 65, description: 'Peeling con ácidos suaves que renueva la piel y unifica el tono. Incluye protección solar.', groups: [ANY_CABIN], cleanup: 10 },
  micropigmentacion: { name: 'Micropigmentación de cejas', category: 'Micropigmentación', duration: 120, price: 250, description: 'Técnica pelo a pelo con diseño previo. El retoque al mes se reserva aparte.', groups: [ANY_CABIN], prep: 10, cleanup: 15 },
  retoqueMicro: { name: 'Retoque de micropigmentación', category: 'Micropigmentación', duration: 60, price: 90, description: 'Repaso del color entre cuatro y seis semanas después.', groups: [ANY_CABIN], cleanup: 10 },
  lifting: { name: 'Lifting de pestañas', category: 'Pestañas', duration: 60, price: 45, description: 'Curvado de tus pestañas naturales con tinte incluido. Dura de seis a ocho semanas.' },
  pedicuraSemi: { name: 'Pedicura semipermanente', category: 'Uñas', duration: 60, price: 32, description: 'Pedicura completa con esmaltado semipermanente.' },
  masajeDescontracturante: { name: 'Masaje descontracturante', category: 'Bienestar', duration: 45, price: 42, description: 'Espalda, cuello y hombros: para las contracturas del día a día.', groups: [ANY_CABIN], cleanup: 10 },
  laserIngles: {
    name: 'Depilación láser de diodo: ingles',
    category: 'Depilación láser',
    duration: 20,
    price: 35,
    description: 'Ingles brasileñas o completas con láser de diodo. Ven con la zona rasurada el día anterior.',
    groups: [['laser'], ANY_CABIN],
    prep: 5,
    cleanup: 10,
  },
  laserLabio: {
    name: 'Depilación láser de diodo: labio superior',
    category: 'Depilación láser',
    duration: 15,
    price: 20,
    description: 'Sesión rápida de labio superior con láser de diodo.',
    groups: [['laser'], ANY_CABIN],
    prep: 5,
    cleanup: 10,
  },
  keratina: { name: 'Alisado de keratina', category: 'Cabello', duration: 150, price: 120, description: 'Temporada de verano: vuelve pronto.', inactive: true },
} as const;

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
function withLunch(start: string, end: string, lunch: [string, string], saturday?: [string, string], days: readonly (typeof WEEKDAYS)[number][] = WEEKDAYS): WeeklySchedule {
  const s = defaultWeeklySchedule();
  for (const d of WEEKDAYS) s[d] = { ...s[d], isWorkingDay: false };
  for (const d of days) {
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
    services: ['manicura', 'pedicura', 'cejas', 'laserPiernas', 'laserAxilas', 'pedicuraSemi', 'lifting', 'laserIngles', 'laserLabio'],
    availability: withLunch('10:00', '20:00', ['14:30', '15:30']),
  },
  {
    name: 'Javier Soto',
    account: 'javier',
    phone: null,
    services: ['limpieza', 'hidratante', 'masaje', 'cejas', 'laserPiernas', 'laserAxilas', 'peeling', 'masajeDescontracturante', 'laserIngles'],
    availability: withLunch('09:00', '18:00', ['13:30', '14:30']),
  },
  {
    // The fourth professional (docs/rooms/demo.md), Tuesday to Saturday, micropigmentation and lashes.
    name: 'Irene Campos',
    account: 'irene',
    phone: '+34 644 275 019',
    // 'manicura' too: with Carmen she makes the demo's side-by-side manicure and pedicure (ADR 092).
    services: ['micropigmentacion', 'retoqueMicro', 'lifting', 'peeling', 'limpieza', 'hidratante', 'cejas', 'laserLabio', 'laserIngles', 'manicura'],
    availability: withLunch('11:00', '20:00', ['15:00', '16:00'], ['09:30', '14:30'], ['tuesday', 'wednesday', 'thursday', 'friday']),
  },
  // The receptionist's record: "Acceso: Recepción", no services, reception hours.
  { name: 'Paula Ortega', account: 'recepcion', phone: '+34 655 310 482', services: [], availability: withLunch('09:30', '19:30', ['14:00', '15:00']), accountRole: 'receptionist' },
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
 * The demo salon's opening hours (ADR 060: once set, client times stay inside them): open while
 * its team works, Monday to Friday 09:00-20:00 and Saturday morning 09:30-14:30, so every
 * professional's week above is bookable as it is and Configuración says what the salon does.
 */
export const DEMO_OPENING_HOURS: WeeklySchedule = (() => {
  const s = defaultWeeklySchedule();
  for (const d of WEEKDAYS) s[d] = { isWorkingDay: true, startTime: '09:00', endTime: '20:00', breaks: [] };
  s.saturday = { isWorkingDay: true, startTime: '09:30', endTime: '14:30', breaks: [] };
  return s;
})();

/**
 * Bonos (ADR 037): the types the demo salon sells, and the ones sold to its clients. `daysAgo`:
 * when it was sold; the seeded appointments of a covered service name their bono (demo.ts) and
 * take a session of it as a booking would (spent once completed or missed, else reserved).
 */
export const DEMO_BONO_TYPES = {
  laser: { name: 'Bono 6 sesiones láser', services: ['laserPiernas', 'laserAxilas'], sessions: 6, price: 390, validityMonths: 12 },
  facial: { name: 'Bono 5 limpiezas faciales', services: ['limpieza'], sessions: 5, price: 180, validityMonths: 12 },
  masaje: { name: 'Bono 5 masajes', services: ['masaje', 'masajeDescontracturante'], sessions: 5, price: 200, validityMonths: 6 },
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

/**
 * The history (docs/rooms/demo.md, demo-history.ts): how often each treatment is booked (relative
 * weights; the inactive one never), and how many clients the salon has.
 */
export const DEMO_SERVICE_WEIGHTS: Record<DemoServiceKey, number> = {
  corte: 5, tinte: 3, balayage: 1.2, manicura: 5, pedicura: 2, limpieza: 3, hidratante: 1.5, cejas: 1.2, masaje: 2.5,
  laserPiernas: 2, laserAxilas: 1.2, peeling: 1.5, micropigmentacion: 0.6, retoqueMicro: 0.5, lifting: 2.5, pedicuraSemi: 2,
  masajeDescontracturante: 2, laserIngles: 1.2, laserLabio: 0.6, keratina: 0,
};
export const DEMO_HISTORY = { seed: 2025, pastDays: 183, futureDays: 28, clientCount: 620 } as const;

/**
 * Times the history leaves free because browser journeys write straight into them on the demo
 * salon: e2e/caja.spec.ts puts a visit of Javier's at 12:00-12:55 on the last weekday. (A journey
 * that needs a free morning ahead goes past futureDays instead: a window kept free in the near
 * days is what a client's "Primera hora libre" books first.)
 */
export const DEMO_KEEP_FREE = [{ who: ['javier'], day: 'lastWeekday', from: '12:00', to: '13:00' }] as const;
