import { normalizePhone } from '../../domain/phone';
import { addDays } from '../../domain/salon-time';
import { pick } from './demo-random';

// The demo salon's clients (docs/rooms/demo.md): Spanish names, Spanish mobile numbers in E.164, a few
// emails on the reserved example.com domain (no real person gets the demo's reminders).

export const FIRST_NAMES = [
  'Ana', 'María', 'Laura', 'Lucía', 'Paula', 'Sofía', 'Cristina', 'Beatriz', 'Patricia', 'Silvia',
  'Raquel', 'Marina', 'Noelia', 'Sandra', 'Verónica', 'Mónica', 'Inmaculada', 'Rocío', 'Esther', 'Nerea',
  'Irene', 'Andrea', 'Julia', 'Claudia', 'Carla', 'Aitana', 'Lorena', 'Miriam', 'Yolanda', 'Amparo',
  'Montserrat', 'Teresa', 'Encarna', 'Consuelo', 'Gloria', 'Natalia', 'Susana', 'Ainhoa', 'Begoña', 'Olga',
  'Marisa', 'Celia', 'Lidia', 'Adriana', 'Victoria', 'Daniela', 'Valeria', 'Alicia', 'Eva', 'Nieves',
  'David', 'Sergio', 'Pablo', 'Álvaro', 'Jorge', 'Rubén', 'Iván', 'Óscar',
] as const;

export const SURNAMES = [
  'García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Jiménez',
  'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez', 'Torres', 'Domínguez',
  'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Blanco', 'Suárez', 'Molina', 'Castro', 'Ortega', 'Delgado',
  'Marín', 'Rubio', 'Sanz', 'Iglesias', 'Medina', 'Garrido', 'Cortés', 'Castillo', 'Santos', 'Lozano',
  'Guerrero', 'Cano', 'Prieto', 'Méndez', 'Cruz', 'Calvo', 'Gallego', 'Vidal', 'León', 'Herrera',
  'Peña', 'Flores', 'Cabrera', 'Campos', 'Vega', 'Fuentes', 'Carrasco', 'Diez', 'Caballero', 'Reyes',
  'Nieto', 'Aguilar', 'Pascual', 'Santana', 'Herrero', 'Lorenzo', 'Hidalgo', 'Montero', 'Ibáñez', 'Giménez',
] as const;

/** 'María José Pérez' -> 'maria.jose.perez' (an email's local part). */
export function emailLocalPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

export type PlannedClient = { name: string; phone: string; email: string | null; hasAccount: boolean; firstDay: string };
/** How often she comes (a pick's weight), and the last day she came if she stopped. */
export type DemoClient = PlannedClient & { weight: number; lastDay: string | null };

export function makeClients(rnd: () => number, n: number, today: string, pastDays: number, taken: readonly string[]): DemoClient[] {
  const phones = new Set(taken);
  const names = new Set<string>();
  const out: DemoClient[] = [];
  while (out.length < n) {
    const name = `${FIRST_NAMES[Math.floor(rnd() * FIRST_NAMES.length)]} ${SURNAMES[Math.floor(rnd() * SURNAMES.length)]}`;
    if (names.has(name)) continue;
    // Spanish mobiles: 6xx xxx xxx, and the newer 7[1-4]x xxx xxx; stored as the desk stores a typed one.
    const mobile = rnd() < 0.9 ? `6${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}` : `7${1 + Math.floor(rnd() * 4)}${String(Math.floor(rnd() * 1e7)).padStart(7, '0')}`;
    const phone = normalizePhone(mobile)!;
    if (phones.has(phone)) continue;
    names.add(name);
    phones.add(phone);
    const hasAccount = rnd() < 0.1;
    const email = hasAccount || rnd() < 0.08 ? `${emailLocalPart(name)}${out.length}@example.com` : null;
    // Most were already clients before the history starts; the rest come over the months.
    const firstDay = rnd() < 0.55 ? addDays(today, -pastDays) : addDays(today, -Math.floor(rnd() * (pastDays + 10)) + 10);
    // Regulars come every few weeks; some stop coming ("clientes que no vuelven").
    const weight = rnd() < 0.3 ? 4 + rnd() * 4 : 0.6 + rnd();
    const lastDay = rnd() < 0.12 ? addDays(today, -30 - Math.floor(rnd() * 100)) : null;
    out.push({ name, phone, email, hasAccount, firstDay, weight, lastDay });
  }
  return out;
}

/** Who books on `date`: a client of the salon by then and not yet gone, regulars more often. */
export function pickClient(rnd: () => number, clients: readonly DemoClient[], date: string): number {
  return clients.indexOf(pick(rnd, clients, (c) => (c.firstDay <= date && (c.lastDay === null || date <= c.lastDay) ? c.weight : 0)));
}
