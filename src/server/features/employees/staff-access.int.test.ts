import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { ACCESS_MSG } from '../../../domain/texts/staff-access';
import { employees, user } from '../../db/schema';
import { arrangeSalon, newClient, nextIp, type Salon } from '../../../../test/support/booking-fixtures';
import { newSession, promote, signIn, signUp, type Session } from '../../../../test/support/http-client';
import { firstLink, startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// "Dar acceso" (ADR 084, 085): a professional without an account is not bookable (the booking
// page's list says so, no times on any day, "Cualquier profesional" never picks her); the admin
// gives her a login and a first-sign-in password; until she chooses her own every staff route
// answers 403 with the reason; then she has her agenda, the desk's column and Informes' line.

const NOW = new Date('2026-01-14T10:00:00Z'); // a Wednesday
const THURSDAY = '2026-01-15';
const ADMIN_PASSWORD = 'una-clave-de-la-jefa-1';
const FIRST_PASSWORD = 'primera-clave-de-nuria';
const HER_PASSWORD = 'la-clave-que-elige-nuria';
let server: TestServer;
let salon: Salon;
let admin: Session;
let marta: Session;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url } });
  salon = await arrangeSalon(server);
  admin = await signUp(server.url, { email: 'jefa@acceso.test', password: ADMIN_PASSWORD, name: 'Jefa' }, nextIp());
  await promote(server.deps, 'jefa@acceso.test', 'admin');
  marta = await newClient(server, 'marta@acceso.test', 'Marta');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

const slotTimes = async (professionalId: string, date = THURSDAY) => {
  const res = await marta.get(`/api/booking/slots?serviceId=${salon.corte}&professionalId=${professionalId}&date=${date}`);
  expect(res.status).toBe(200);
  return (res.body.slots as { time: string }[]).map((s) => s.time);
};
const grant = (employeeId: string, body: unknown) => admin.post(`/api/admin/employees/${employeeId}/access`, body);
const usersOf = async (email: string) => server.deps.db.select().from(user).where(eq(user.email, email));

describe('a professional without an account', () => {
  it('is listed as such, offers no times on a day or in a month, and "Cualquier profesional" never picks her', async () => {
    const list = await marta.get(`/api/catalog/services/${salon.corte}/professionals`);
    expect(list.body.professionals).toContainEqual(expect.objectContaining({ id: salon.noAccount, hasAccount: false }));
    expect(await slotTimes(salon.noAccount)).toEqual([]);
    const month = await marta.get(`/api/booking/month?serviceId=${salon.corte}&professionalId=${salon.noAccount}&month=2026-01`);
    expect(month.status).toBe(200);
    expect(month.body.first).toBeNull();
    expect((month.body.days as { state: string }[]).some((d) => d.state === 'free')).toBe(false);
    // "Cualquier profesional" offers exactly Lucía's times (Nuria, who also does the cut, adds none).
    expect(await slotTimes('cualquiera')).toEqual(await slotTimes(salon.lucia));
    const booked = await marta.post('/api/booking', { serviceId: salon.corte, professionalId: salon.noAccount, date: THURSDAY, time: '10:00' });
    expect([booked.status, booked.body.error.message]).toEqual([400, MSG.employeeNoAccount]);
  });
});

describe('Dar acceso', () => {
  it.each([
    ['no password', { email: 'x@personal.invalid' }, ACCESS_MSG.passwordRequired],
    ['no email', { password: FIRST_PASSWORD }, ACCESS_MSG.emailInvalid],
    ['an email that is not one', { email: 'nuria', password: FIRST_PASSWORD }, ACCESS_MSG.emailInvalid],
    ['a short password', { email: 'x@personal.invalid', password: 'corta-1' }, STAFF_MSG.staffPasswordTooShort],
    ['a number for the email', { email: 5, password: FIRST_PASSWORD }, ACCESS_MSG.emailInvalid],
    ['an unknown field', { email: 'x@personal.invalid', password: FIRST_PASSWORD, role: 'admin' }, MSG.invalidInput],
  ])('%s is a Spanish 400 and makes no account', async (_what, body, message) => {
    const res = await grant(salon.noAccount, body);
    expect([res.status, res.body.error.message]).toEqual([400, message]);
    expect(await usersOf('x@personal.invalid')).toEqual([]);
  });

  it('refuses a leaver, a record already linked, an unknown record and an email a client already has', async () => {
    const leaver = await grant(salon.inactiveEmployee, { email: 'baja@personal.invalid', password: FIRST_PASSWORD });
    expect([leaver.status, leaver.body.error.message]).toEqual([409, ACCESS_MSG.employeeInactive]);
    const linked = await grant(salon.lucia, { email: 'otra@personal.invalid', password: FIRST_PASSWORD });
    expect([linked.status, linked.body.error.message]).toEqual([409, ACCESS_MSG.alreadyHasAccess]);
    const unknown = await grant('00000000-0000-4000-8000-000000000000', { email: 'nadie@personal.invalid', password: FIRST_PASSWORD });
    expect([unknown.status, unknown.body.error.message]).toEqual([404, STAFF_MSG.employeeNotFound]);
    // Marta's email: linked through «Vincular cuenta», never a second account (ADR 084).
    const taken = await grant(salon.noAccount, { email: 'MARTA@acceso.test', password: FIRST_PASSWORD });
    expect([taken.status, taken.body.error.message]).toEqual([409, ACCESS_MSG.emailHasAccount]);
    expect((await usersOf('marta@acceso.test'))[0]!.role).toBe('client');
    for (const email of ['baja@personal.invalid', 'otra@personal.invalid', 'nadie@personal.invalid']) expect(await usersOf(email)).toEqual([]);
    const [nuria] = await server.deps.db.select().from(employees).where(eq(employees.id, salon.noAccount));
    expect(nuria!.userId).toBeNull();
  });

  it('gives her a login; until she chooses her password every staff route says so; then she works, the desk books her, Informes counts her', async () => {
    const given = await grant(salon.noAccount, { email: 'Nuria.Gil@personal.invalid', password: FIRST_PASSWORD });
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({ id: salon.noAccount, userAccountEmail: 'nuria.gil@personal.invalid' });
    const [account] = await usersOf('nuria.gil@personal.invalid');
    expect(account).toMatchObject({ role: 'employee', name: 'Nuria Gil', emailVerified: false, passwordChangeRequired: true });
    // Twice (a double click, a second admin): the record has its account now.
    const again = await grant(salon.noAccount, { email: 'nuria2@personal.invalid', password: FIRST_PASSWORD });
    expect([again.status, again.body.error.message]).toEqual([409, ACCESS_MSG.alreadyHasAccess]);

    const nuria = await signIn(server.url, { email: 'nuria.gil@personal.invalid', password: FIRST_PASSWORD }, nextIp());
    const me = await nuria.get('/api/me');
    expect(me.body).toMatchObject({ role: 'employee', mustChangePassword: true });
    for (const path of [`/api/agenda?date=${THURSDAY}`, '/api/my-account/appointments', `/api/front-desk/day?date=${THURSDAY}`]) {
      const res = await nuria.get(path);
      expect([res.status, res.body.error.code, res.body.error.message], path).toEqual([403, 'password_change_required', ACCESS_MSG.passwordChangeRequired]);
    }
    // Her new password follows the staff rule; the first one is needed to change it.
    const short = await nuria.post('/api/auth/change-password', { currentPassword: FIRST_PASSWORD, newPassword: 'corta-123' });
    expect(short.status).toBe(400);
    const wrong = await nuria.post('/api/auth/change-password', { currentPassword: 'no-es-la-primera-1', newPassword: HER_PASSWORD });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect((await nuria.get('/api/me')).body.mustChangePassword).toBe(true);
    const changed = await nuria.post('/api/auth/change-password', { currentPassword: FIRST_PASSWORD, newPassword: HER_PASSWORD });
    expect(changed.status).toBe(200);
    expect((await nuria.get('/api/me')).body.mustChangePassword).toBe(false);
    expect((await nuria.get(`/api/agenda?date=${THURSDAY}`)).status).toBe(200);
    // The first password no longer opens anything.
    const old = await signIn(server.url, { email: 'nuria.gil@personal.invalid', password: FIRST_PASSWORD }, nextIp()).catch(() => null);
    expect(old).toBeNull();
    await signIn(server.url, { email: 'nuria.gil@personal.invalid', password: HER_PASSWORD }, nextIp());

    // Bookable: her times, her column, a desk booking in her agenda, her line in Informes.
    expect(await slotTimes(salon.noAccount)).toContain('10:00');
    const day = await admin.get(`/api/front-desk/day?date=${THURSDAY}`);
    expect((day.body.professionals as { name: string }[]).map((p) => p.name)).toContain('Nuria Gil');
    const client = await admin.post('/api/front-desk/clients', { name: 'Pilar Sanz', phone: '612345678' });
    expect(client.status).toBe(201);
    const booked = await admin.post('/api/booking/staff', { clientId: client.body.client.id, serviceId: salon.corte, professionalId: salon.noAccount, date: THURSDAY, time: '10:00' });
    expect(booked.status).toBe(201);
    const agenda = await nuria.get(`/api/agenda?date=${THURSDAY}`);
    expect(JSON.stringify(agenda.body)).toContain('Pilar Sanz');
    const report = await admin.get(`/api/reports/occupancy?period=custom&from=${THURSDAY}&to=${THURSDAY}`);
    expect(report.status).toBe(200);
    expect(report.body.byProfessional).toContainEqual(expect.objectContaining({ name: 'Nuria Gil', booked: 30 }));
  });

  it('a reset link is her own password chosen too (what an invitation relies on), and opens her routes', async () => {
    const [lucia] = await server.deps.db.select().from(employees).where(eq(employees.id, salon.lucia));
    const [row] = await server.deps.db.insert(employees).values({ name: 'Eva Sol', availability: lucia!.availability }).returning();
    expect((await grant(row!.id, { email: 'eva@acceso.test', password: FIRST_PASSWORD })).status).toBe(201);
    const eva = await signIn(server.url, { email: 'eva@acceso.test', password: FIRST_PASSWORD }, nextIp());
    expect((await eva.get('/api/me')).body.mustChangePassword).toBe(true);
    expect((await newSession(server.url, nextIp()).post('/api/auth/request-password-reset', { email: 'eva@acceso.test', redirectTo: '/reset-password' })).status).toBe(200);
    const m = await mail.waitFor('eva@acceso.test', { timeout: 10_000, match: (x) => /contraseña/i.test(x.subject) });
    const token = new URL(firstLink(m.text)!).pathname.split('/').pop()!;
    expect((await newSession(server.url, nextIp()).post('/api/auth/reset-password', { newPassword: 'la-clave-que-elige-eva', token })).status).toBe(200);
    const after = await signIn(server.url, { email: 'eva@acceso.test', password: 'la-clave-que-elige-eva' }, nextIp());
    expect((await after.get('/api/me')).body.mustChangePassword).toBe(false);
    expect((await after.get(`/api/agenda?date=${THURSDAY}`)).status).toBe(200);
  });
});

describe('an invitation by email (ADR 100)', () => {
  const invite = (employeeId: string, body: unknown) => admin.post(`/api/admin/employees/${employeeId}/invitation`, body);
  const newRecord = async (name: string) => {
    const [lucia] = await server.deps.db.select().from(employees).where(eq(employees.id, salon.lucia));
    const [row] = await server.deps.db.insert(employees).values({ name, availability: lucia!.availability }).returning();
    return row!.id;
  };

  it('opens her account with a password nobody knows and mails her a welcome whose link sets her own, once', async () => {
    const id = await newRecord('Sara Luz');
    const invited = await invite(id, { email: ' Sara@Acceso.test ' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ id, userAccountEmail: 'sara@acceso.test' });
    const [account] = await usersOf('sara@acceso.test');
    expect(account).toMatchObject({ role: 'employee', emailVerified: false, passwordChangeRequired: true });

    const m = await mail.waitFor('sara@acceso.test', { timeout: 10_000, match: (x) => /elige tu contraseña/i.test(x.subject) });
    expect(m.subject).toMatch(/: elige tu contraseña de Auna$/);
    expect(m.text).toContain('Hola Sara Luz:');
    expect(m.text).toContain('te ha dado acceso a Auna');
    expect(m.text).toContain('Entrarás con este email: sara@acceso.test.');
    expect(m.text).not.toMatch(/restablec/i);
    const link = new URL(firstLink(m.text)!);
    expect(link.searchParams.get('callbackURL')).toBe('/reset-password');
    const token = link.pathname.split('/').pop()!;

    const chosen = await newSession(server.url, nextIp()).post('/api/auth/reset-password', { newPassword: 'la-clave-que-elige-sara', token });
    expect(chosen.status).toBe(200);
    const sara = await signIn(server.url, { email: 'sara@acceso.test', password: 'la-clave-que-elige-sara' }, nextIp());
    expect((await sara.get('/api/me')).body.mustChangePassword).toBe(false);
    expect((await sara.get(`/api/agenda?date=${THURSDAY}`)).status).toBe(200);
    // The link is spent: replayed, it sets nothing.
    const replay = await newSession(server.url, nextIp()).post('/api/auth/reset-password', { newPassword: 'otra-clave-de-alguien', token });
    expect(replay.status).toBe(400);
    // Once she has her own password, a reset she asks for is a reset again.
    expect((await newSession(server.url, nextIp()).post('/api/auth/request-password-reset', { email: 'sara@acceso.test', redirectTo: '/reset-password' })).status).toBe(200);
    const reset = await mail.waitFor('sara@acceso.test', { timeout: 10_000, match: (x) => /restablece/i.test(x.subject) });
    expect(reset.text).not.toContain('te ha dado acceso');
  });

  it('needs her own email, and refuses what "Dar acceso" refuses, writing nothing', async () => {
    const id = await newRecord('Inés Paz');
    const salonLogin = await invite(id, { email: 'ines.paz@personal.invalid' });
    expect([salonLogin.status, salonLogin.body.error.message]).toEqual([400, ACCESS_MSG.invitationNeedsEmail]);
    const bad = await invite(id, { email: 'ines' });
    expect([bad.status, bad.body.error.message]).toEqual([400, ACCESS_MSG.emailInvalid]);
    const extra = await invite(id, { email: 'ines@acceso.test', password: FIRST_PASSWORD });
    expect(extra.status).toBe(400);
    const leaver = await invite(salon.inactiveEmployee, { email: 'baja2@acceso.test' });
    expect([leaver.status, leaver.body.error.message]).toEqual([409, ACCESS_MSG.employeeInactive]);
    const linked = await invite(salon.lucia, { email: 'otra2@acceso.test' });
    expect([linked.status, linked.body.error.message]).toEqual([409, ACCESS_MSG.alreadyHasAccess]);
    const taken = await invite(id, { email: 'marta@acceso.test' });
    expect([taken.status, taken.body.error.message]).toEqual([409, ACCESS_MSG.emailHasAccount]);
    for (const email of ['ines.paz@personal.invalid', 'ines@acceso.test', 'baja2@acceso.test', 'otra2@acceso.test']) expect(await usersOf(email)).toEqual([]);
    const [ines] = await server.deps.db.select().from(employees).where(eq(employees.id, id));
    expect(ines!.userId).toBeNull();
    // Nothing was mailed to Marta, whose email it was.
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.mails.filter((x) => x.to.includes('marta@acceso.test') && /contraseña/i.test(x.subject))).toEqual([]);
  });
});
