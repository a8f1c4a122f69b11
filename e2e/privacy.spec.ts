import { readFile } from 'node:fs/promises';
import { addDays, SALON_TIME_ZONE, salonDateOf, wallClockToInstant } from '../src/domain/salon-time';
import { AGENDA_PASSWORD, closeE2eDb, e2eDb, insertAppointment, makeEmployee, serviceNamed, signUpAs } from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';
import { ACCOUNT_MSG } from '../src/domain/texts/accounts';

// Privacy as a client meets it (RGPD; ADRs 026, 033): the notice linked from the sign-up page, "Descargar
// mis datos" and "Eliminar mi cuenta" on Mis Citas. The server rules are covered by the
// integration tests; this is what the person sees and gets.

const TZ = SALON_TIME_ZONE;
const today = salonDateOf(Date.now(), TZ);
const made: string[] = [];

test.afterAll(async () => {
  if (made.length > 0) await e2eDb().query(`DELETE FROM appointments WHERE id = ANY($1)`, [made]);
  await closeE2eDb();
});

test('the sign-up page links the privacy notice, filled in with the salon from its settings', async ({ page }) => {
  const { rows } = await e2eDb().query<{ name: string }>(`SELECT name FROM salon_settings WHERE id = 1 AND name <> ''`);
  expect(rows[0]?.name, 'the demo salon has a name in its settings').toBeTruthy();
  await page.goto('/signup');
  await page.getByRole('link', { name: 'Aviso de privacidad' }).click();
  await expect(page).toHaveURL(/\/privacidad$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(rows[0]!.name);
});

test('a client downloads their data, then deletes the account: the next visit is cancelled, the past one stays anonymous, the session ends', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('rgpd');
  const client = await signUpAs(page.request, baseURL!, email, 'Lucía Olvido');
  // A professional of her own, so the demo salon's agenda cannot collide with these times.
  const proCtx = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  const employee = await signUpAs(proCtx.request, baseURL!, uniqueEmail('rgpd-pro'), 'Nora Vidal');
  await proCtx.close();
  await makeEmployee(employee);
  const service = await serviceNamed('Tinte completo');
  const past = await insertAppointment({
    employee,
    client,
    service,
    start: wallClockToInstant(addDays(today, -20), '10:00', TZ)!,
    notes: 'Piel sensible',
  });
  const future = await insertAppointment({
    employee,
    client,
    service,
    start: wallClockToInstant(addDays(today, 9), '12:00', TZ)!,
    notes: 'Llego justa',
  });
  made.push(past, future);

  await page.goto('/my-appointments');
  await expect(page.getByRole('heading', { name: 'Tus datos' })).toBeVisible();

  // The download is a JSON file with the account and both appointments, the notes she wrote included.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar mis datos' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    account: { email: string; displayName: string };
    appointments: { id: string; notes: string }[];
  };
  expect(data.account).toMatchObject({ email, displayName: 'Lucía Olvido' });
  expect(data.appointments.map((a) => a.id).sort()).toEqual([past, future].sort());
  expect(data.appointments.map((a) => a.notes).sort()).toEqual(['Llego justa', 'Piel sensible']);

  // Deleting asks for the word first.
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Tus citas pendientes se cancelarán');
  await dialog.getByLabel('Escribe ELIMINAR para confirmar').fill('borrar');
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Escribe ELIMINAR para confirmar.');
  await dialog.getByLabel('Escribe ELIMINAR para confirmar').fill('ELIMINAR');
  // A sign-in an hour ago is not proof enough (ADR 033): the dialog asks for her password.
  await e2eDb().query(`UPDATE session SET created_at = now() - interval '1 hour' WHERE user_id = $1`, [client.id]);
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ACCOUNT_MSG.accountDeleteReauth);
  await dialog.getByLabel(ACCOUNT_MSG.accountDeletePasswordLabel).fill(AGENDA_PASSWORD);
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();

  await expect(page).toHaveURL(/\/login\?cuenta=eliminada$/);
  await expect(page.getByRole('status')).toHaveText('Tu cuenta se ha eliminado. Gracias por habernos visitado.');

  // The session is gone: Mis Citas asks to sign in again, and the password no longer opens anything.
  await page.goto('/my-appointments');
  await expect(page).toHaveURL(/\/login/);
  const again = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: AGENDA_PASSWORD },
    headers: { origin: baseURL! },
  });
  expect(again.status()).toBe(401);

  // The salon's books: the next visit cancelled by the client, both without her name, email or notes.
  const { rows } = await e2eDb().query<{ id: string; status: string; client_name: string; client_email: string; notes_client: string }>(
    `SELECT id, status, client_name, client_email, notes_client FROM appointments WHERE id = ANY($1)`,
    [[past, future]],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  expect(byId.get(future)).toMatchObject({ status: 'cancelled_by_client', client_name: 'Cliente eliminado', notes_client: '' });
  expect(byId.get(past)).toMatchObject({ status: 'confirmed', client_name: 'Cliente eliminado', notes_client: '' });
  expect(byId.get(past)!.client_email).not.toContain('@');
});
