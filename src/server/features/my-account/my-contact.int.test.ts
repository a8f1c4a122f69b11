import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGING_MSG } from '../../../domain/texts/messaging';
import { clients, user } from '../../db/schema';
import { person, PASSWORD, TRUST_PROXY_ENV } from '../../../../test/support/admin-support';
import { newSession, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// A phone for every client who wants reminders (ADR 057): at sign-up (optional, a mobile), in Tus
// datos with her channel, Mis Citas' note after a sign-up that never asked (Google), and the desk
// seeing and changing the same record.

let server: TestServer;
let ipSeq = 0;
const ip = () => ({ headers: { 'x-forwarded-for': `10.77.0.${++ipSeq}` } });

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV });
}, 60_000);
afterAll(() => server?.close());

const recordOf = async (email: string) => {
  const [u] = await server.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!u) return undefined;
  const [c] = await server.deps.db.select({ id: clients.id, phone: clients.phone, channel: clients.messageChannel, email: clients.email }).from(clients).where(eq(clients.userId, u.id));
  return c ?? null;
};

async function signUpWith(email: string, phone: unknown): Promise<{ s: Session; status: number; body: { error?: { code: string; message: string } } }> {
  const s = newSession(server.url, ip());
  const res = await s.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Carmen Ruiz', phone });
  return { s, status: res.status, body: res.body };
}

describe('sign-up', () => {
  it('keeps a mobile on her record in E.164, and does not offer it again in Mis Citas', async () => {
    const { s, status } = await signUpWith('carmen.movil@example.com', '612 34 56 78');
    expect(status).toBe(200);
    expect(await recordOf('carmen.movil@example.com')).toMatchObject({ phone: '+34612345678', channel: null, email: null });
    expect((await s.get('/api/my-account/contact')).body).toEqual({ phone: '+34612345678', messageChannel: null, showPhoneNote: false });
  });

  it.each([
    ['91 123 45 67', 'PHONE_NOT_MOBILE', MESSAGING_MSG.phoneNotMobile],
    ['12345', 'PHONE_INVALID', MESSAGING_MSG.phoneInvalid],
    [612345678, 'PHONE_INVALID', MESSAGING_MSG.phoneInvalid],
    [{ n: '612345678' }, 'PHONE_INVALID', MESSAGING_MSG.phoneInvalid],
  ])('refuses %j before any account exists', async (phone, code, message) => {
    const email = `mal.${code.toLowerCase()}.${++ipSeq}@example.com`;
    const { status, body } = await signUpWith(email, phone);
    expect(status).toBe(400);
    expect(body.error).toEqual({ code, message });
    expect(await recordOf(email)).toBeUndefined();
  });

  it('left empty: no record, and no note in Mis Citas (the form asked); a sign-up without the field gets the note', async () => {
    for (const [email, phone] of [['sin.movil@example.com', ''], ['sin.campo@example.com', undefined]] as const) {
      const { s, status } = await signUpWith(email, phone);
      expect(status).toBe(200);
      expect((await s.get('/api/my-account/contact')).body).toEqual({ phone: null, messageChannel: null, showPhoneNote: phone === undefined ? true : false });
    }
  });
});

describe('Tus datos and Mis Citas', () => {
  it('an account made without the form (Google) is offered the note until she adds a phone or says "Ahora no"', async () => {
    // person() signs up through the API without a phone field, as Google does.
    const s = await person(server, 'gala.google@example.com', 'client', 'Gala Google');
    expect((await s.get('/api/my-account/contact')).body.showPhoneNote).toBe(true);
    const dismissed = await s.post('/api/my-account/phone-note/dismiss');
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toEqual({ phone: null, messageChannel: null, showPhoneNote: false });
    expect((await s.post('/api/my-account/phone-note/dismiss')).body.showPhoneNote).toBe(false);
  });

  it('saves her mobile and channel on her record (made for her), with the audit naming her', async () => {
    const s = await person(server, 'lola.datos@example.com', 'client', 'Lola Datos');
    const res = await s.put('/api/my-account/contact', { phone: '+34 699 11 22 33', messageChannel: 'whatsapp' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ phone: '+34699112233', messageChannel: 'whatsapp', showPhoneNote: false });
    const record = await recordOf('lola.datos@example.com');
    // person() verifies the email: her record holds it (ADR 033).
    expect(record).toMatchObject({ phone: '+34699112233', channel: 'whatsapp', email: 'lola.datos@example.com' });
    const audit = await server.deps.db.execute<{ action: string; changed_by_name: string; changed_by_role: string }>(
      sql`SELECT action, changed_by_name, changed_by_role FROM client_record_changes WHERE client_id = ${record!.id}::uuid ORDER BY created_at`,
    );
    expect(audit.rows).toEqual([{ action: 'created', changed_by_name: 'Lola Datos', changed_by_role: 'client' }]);

    // Email, then none: both reach her; removing the phone with WhatsApp chosen does not.
    expect((await s.put('/api/my-account/contact', { phone: null, messageChannel: 'email' })).body).toMatchObject({ phone: null, messageChannel: 'email' });
    expect((await s.put('/api/my-account/contact', { phone: null, messageChannel: 'none' })).body.messageChannel).toBe('none');
    const refused = await s.put('/api/my-account/contact', { phone: '', messageChannel: 'sms' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(MESSAGING_MSG.channelNeedsMobile);
  });

  it('refuses bad input with the Spanish reason, never a 500, and changes nothing', async () => {
    const s = await person(server, 'rosa.mal@example.com', 'client', 'Rosa Mal');
    await s.put('/api/my-account/contact', { phone: '612345678', messageChannel: null });
    for (const [body, message] of [
      [{ phone: '953 12 34 56', messageChannel: null }, MESSAGING_MSG.phoneNotMobile],
      [{ phone: 'llámame', messageChannel: null }, MESSAGING_MSG.phoneInvalid],
      [{ phone: '612345678', messageChannel: 'telegram' }, MESSAGING_MSG.channelInvalid],
      [{ phone: 612345678, messageChannel: null }, MESSAGING_MSG.phoneInvalid],
      [{ phone: '612345678' }, MESSAGING_MSG.channelInvalid],
      [{ phone: '612345678', messageChannel: null, role: 'admin' }, null],
    ] as const) {
      const res = await s.put('/api/my-account/contact', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.error.message).toBe(message);
    }
    expect(await recordOf('rosa.mal@example.com')).toMatchObject({ phone: '+34612345678', channel: null });
    expect((await newSession(server.url, ip()).get('/api/my-account/contact')).status).toBe(401);
  });
});

describe('the desk', () => {
  it('sees her phone and channel on her record and changes the channel; WhatsApp needs a mobile', async () => {
    const admin = await person(server, 'duena@example.com', 'admin', 'Dueña');
    const s = await person(server, 'ines.desk@example.com', 'client', 'Inés Mostrador');
    await s.put('/api/my-account/contact', { phone: '622 33 44 55', messageChannel: 'whatsapp' });
    const id = (await recordOf('ines.desk@example.com'))!.id;
    const page = await admin.get(`/api/front-desk/clients/${id}`);
    expect(page.body.client).toMatchObject({ phone: '+34622334455', messageChannel: 'whatsapp', email: 'ines.desk@example.com', hasAccount: true });

    const base = { name: 'Inés Mostrador', phone: '622 33 44 55', email: 'ines.desk@example.com', notes: '' };
    expect((await admin.put(`/api/front-desk/clients/${id}`, { ...base, messageChannel: 'sms' })).body.client.messageChannel).toBe('sms');
    // Left out, the channel stays.
    expect((await admin.put(`/api/front-desk/clients/${id}`, base)).body.client.messageChannel).toBe('sms');
    expect((await s.get('/api/my-account/contact')).body.messageChannel).toBe('sms');
    // A landline keeps its record, but cannot get WhatsApp.
    const landline = await admin.put(`/api/front-desk/clients/${id}`, { ...base, phone: '953 12 34 56', messageChannel: 'whatsapp' });
    expect(landline.status).toBe(400);
    expect(landline.body.error.message).toBe(MESSAGING_MSG.channelNeedsMobile);
    const noEmail = await admin.post('/api/front-desk/clients', { name: 'Pepa Teléfono', phone: '633 44 55 66', email: null, messageChannel: 'email' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.error.message).toBe(MESSAGING_MSG.channelNeedsEmail);
    const made = await admin.post('/api/front-desk/clients', { name: 'Pepa Teléfono', phone: '633 44 55 66', email: null, messageChannel: 'whatsapp' });
    expect(made.status).toBe(201);
    expect(made.body.client.messageChannel).toBe('whatsapp');
  });

  it('her own phone outranks the desk record it is merged with when her email is verified', async () => {
    const admin = await person(server, 'duena2@example.com', 'admin', 'Dueña Dos');
    const desk = await admin.post('/api/front-desk/clients', { name: 'Alba Vieja', phone: '644 55 66 77', email: 'alba.merge@example.com', messageChannel: 'email' });
    expect(desk.status).toBe(201);
    const { s } = await signUpWith('alba.merge@example.com', '655 66 77 88');
    await server.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, 'alba.merge@example.com'));
    // Signing in again attaches the desk's record (ADR 019).
    const again = await newSession(server.url, ip()).post('/api/auth/sign-in/email', { email: 'alba.merge@example.com', password: PASSWORD });
    expect(again.status).toBe(200);
    expect(await recordOf('alba.merge@example.com')).toMatchObject({ id: desk.body.client.id, phone: '+34655667788', channel: 'email' });
    expect((await s.get('/api/my-account/contact')).body.phone).toBe('+34655667788');
  });
});
