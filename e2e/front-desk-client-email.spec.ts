import { STAFF_MSG } from '../src/domain/texts/staff';
import { cleanUp, closeE2eDb, e2eDb, signUpAs } from './support/agenda-arrange';
import { expect, test, uniqueEmail } from './support/fixtures';

// A client record's email at the front desk (ADR 033): the admin gives a record to the account
// with that verified email only after a confirmation dialog, and the record says who created and
// changed it.

const made: string[] = [];
let ipSeq = 0;
const ipBase = Math.floor(Math.random() * 200);
const freshIp = () => `10.${230 + (process.pid % 20)}.${ipBase}.${++ipSeq}`;

test.afterAll(async () => {
  await e2eDb().query(`DELETE FROM clients WHERE name LIKE 'Ficha Unir %'`);
  await cleanUp(made);
  await closeE2eDb();
});

test('saving a verified account’s email on a record asks first; the record shows who created and changed it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await signUpAs(page.request, baseURL!, uniqueEmail('fichas-admin'), 'Recepción Fichas');
  await e2eDb().query(`UPDATE "user" SET role = 'admin' WHERE id = $1`, [admin.id]);
  made.push(admin.id);
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshIp() } });
  const holder = await signUpAs(other, baseURL!, uniqueEmail('fichas-cuenta'), 'Titular Verificada');
  await other.dispose();
  await e2eDb().query(`UPDATE "user" SET email_verified = true WHERE id = $1`, [holder.id]);
  made.push(holder.id);

  const name = `Ficha Unir ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/front-desk/clients', {
    data: { name, phone: `6${String(Date.now()).slice(-8)}` },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { client: { id: string } }).client.id;

  await page.goto(`/admin/clients/${id}`);
  await expect(page.getByText(/^Creada por Recepción Fichas el /)).toBeVisible();
  const form = page.getByRole('form', { name: 'Datos del cliente' });
  await form.getByLabel('Email', { exact: true }).fill(holder.email);
  await form.getByRole('button', { name: 'Guardar' }).click();

  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: STAFF_MSG.clientAttachConfirmTitle })).toBeVisible();
  await expect(dialog).toContainText(STAFF_MSG.clientAttachConfirm);
  // "No" leaves the record as it was.
  await dialog.getByRole('button', { name: 'No, volver' }).click();
  await expect(dialog).toBeHidden();
  expect((await e2eDb().query(`SELECT email, user_id FROM clients WHERE id = $1`, [id])).rows[0]).toEqual({ email: null, user_id: null });

  await form.getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: STAFF_MSG.clientAttachConfirmButton }).click();
  await expect(page.getByText(STAFF_MSG.clientSaved)).toBeVisible();
  await expect(page.getByText(/Con cuenta en Auna/)).toBeVisible();
  await expect(page.getByText(/^Modificada por Recepción Fichas el /)).toBeVisible();
  expect((await e2eDb().query(`SELECT user_id FROM clients WHERE id = $1`, [id])).rows[0]).toEqual({ user_id: holder.id });
});
