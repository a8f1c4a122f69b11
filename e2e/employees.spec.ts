import { truncateAccountEmail } from '../src/domain/back-office-rules';
import { ACCOUNT_MSG } from '../src/domain/texts/accounts';
import { MSG } from '../src/domain/texts/common';
import { STAFF_MSG } from '../src/domain/texts/staff';
import { logIn } from './support/fixtures';
import { firstLink, waitForMail } from './support/mail';
import { asAdmin, expect, newClient, PASSWORD, RUN, test } from './support/back-office';

// The back office's team (SPEC §2 Manage employees; §4 activation and account linking; §5 the
// employee form), in Chromium against the built demo salon. What the admin does is checked on the
// booking screen and in the linked person's own sign-in. Everything made here is removed again.

test.describe('back office', () => {
  // Long journeys across several browser contexts (admin, a client, for employees the linked
  // person too): on a busy two-core machine running the whole suite they can pass the default 30 s.
  test.describe.configure({ timeout: 60_000 });

  test('employees: link an account that signed up as a client; it becomes a professional', async ({ page, browser, baseURL }) => {
    const SERVICE = 'Pedicura spa';
    const employeeName = `Noelia Ramos ${RUN}`;
    // The future professional signs up on her own, as any client.
    const person = await newClient(browser, baseURL!, 'bo-noelia');
    const client = await newClient(browser, baseURL!, 'bo-booker');

    await asAdmin(page, '/admin/employees');
    await expect(page.getByRole('columnheader')).toHaveText(['Nombre', 'Email', 'Servicios', 'Estado', 'Cuenta', 'Acciones']);
    await page.getByRole('button', { name: 'Añadir Empleado' }).click();
    const form = page.getByRole('form', { name: 'Nuevo empleado' });
    await form.getByLabel('Nombre').fill(employeeName);
    await form.getByLabel('Teléfono').fill('+34 611 22 33 44');
    await form.getByRole('checkbox', { name: new RegExp(`^${SERVICE}`) }).check();
    // The weekly availability starts from the spec's default: Monday to Friday 09:00-17:00.
    await expect(form.getByLabel('Lunes: inicio')).toHaveValue('09:00');
    await expect(form.getByLabel('Lunes: fin', { exact: true })).toHaveValue('17:00');
    await expect(form.getByRole('switch', { name: /Sábado/ })).not.toBeChecked();

    // Linking: disabled when empty, unknown emails refused, a typed but unconfirmed email refused.
    const linkButton = form.getByRole('button', { name: 'Vincular Cuenta' });
    await expect(linkButton).toBeDisabled();
    const accountEmail = form.getByLabel('Email de la cuenta del usuario');
    await accountEmail.fill(`nadie-${RUN}@example.com`);
    await linkButton.click();
    await expect(form.getByText(MSG.linkUserNotFound)).toBeVisible();
    await form.getByRole('button', { name: 'Guardar empleado' }).click();
    await expect(form.getByText(MSG.linkNotConfirmed)).toBeVisible();

    // An account whose email is not confirmed is not linked (ADR 025): she confirms it from the
    // email sign-up sent her, and then it is. Case does not matter (SPEC §5).
    await accountEmail.fill(person.email.toUpperCase());
    await linkButton.click();
    await expect(form.getByText(STAFF_MSG.linkEmailNotVerified)).toBeVisible();
    await waitForMail(person.email, { match: (m) => m.subject === STAFF_MSG.emailVerifySubject });
    // She missed the sign-up mail: the admin sends it again for her from the link step (ADR 030).
    const asked = new Date();
    await form.getByRole('button', { name: ACCOUNT_MSG.resendVerification }).click();
    await expect(form.getByText(STAFF_MSG.verificationResentFor)).toBeVisible();
    const verify = await waitForMail(person.email, { after: asked, match: (m) => m.subject === STAFF_MSG.emailVerifySubject });
    await person.page.goto(firstLink(verify.text)!);
    await expect(person.page.getByText(MSG.emailVerified)).toBeVisible();
    await linkButton.click();
    await expect(form.getByText(MSG.linkFound('Cliente bo-noelia'))).toBeVisible();
    await form.getByRole('button', { name: 'Guardar empleado' }).click();
    await expect(form).toBeHidden();

    const row = page.getByTestId('employee-row').filter({ hasText: employeeName });
    await expect(row).toContainText('611 22 33 44'); // a Spanish phone in national format (ADR 076)
    await expect(row).not.toContainText('+34');
    await expect(row).toContainText(truncateAccountEmail(person.email));
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');

    // Editing shows the link.
    await row.getByRole('button', { name: `Editar ${employeeName}` }).click();
    await expect(page.getByText(MSG.linkedTo(person.email))).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar' }).click();

    // The linked person now signs in to her agenda.
    await person.context.clearCookies();
    await logIn(person.page, person.email, PASSWORD);
    await expect(person.page).toHaveURL(/\/employee\/agenda$/);

    // And clients are offered her for the service.
    await client.page.goto('/services');
    await client.page.getByRole('link', { name: `Seleccionar Servicio: ${SERVICE}` }).click();
    await expect(client.page.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
    await expect(client.page.getByLabel('Profesional').locator('option', { hasText: employeeName })).toHaveCount(1);

    // Her calendar feed: the URL is shown once, right after it is made (ADR 032).
    await person.page.getByRole('button', { name: STAFF_MSG.calendarFeedCreate }).click();
    await expect(person.page.getByText(STAFF_MSG.calendarFeedShownOnce)).toBeVisible();
    const feedUrl = await person.page.getByLabel('Enlace del calendario').inputValue();
    expect((await person.page.request.get(feedUrl)).status()).toBe(200);
    await person.page.reload();
    await expect(person.page.getByText(STAFF_MSG.calendarFeedActive)).toBeVisible();
    await expect(person.page.getByLabel('Enlace del calendario')).toHaveCount(0);

    // "Quitar acceso ahora" (ADR 032): her sessions and her feed end; she stays on the team.
    await row.getByRole('button', { name: `${STAFF_MSG.revokeAccessAction}: ${employeeName}` }).click();
    const revokeDialog = page.getByRole('alertdialog');
    await expect(revokeDialog).toContainText(STAFF_MSG.revokeAccessBody);
    await revokeDialog.getByRole('button', { name: STAFF_MSG.revokeAccessAction }).click();
    await expect(page.getByText(STAFF_MSG.revokeAccessDone)).toBeVisible();
    expect((await person.page.request.get('/api/me')).status()).toBe(401);
    expect((await person.page.request.get(feedUrl)).status()).toBe(404);
    await logIn(person.page, person.email, PASSWORD);
    await expect(person.page).toHaveURL(/\/employee\/agenda$/);

    // Clean up through the back office: deactivate (which ends her session again), then delete;
    // her account goes back to client.
    await row.getByRole('button', { name: `Desactivar ${employeeName}` }).click();
    await expect(page.getByRole('alertdialog')).toContainText(STAFF_MSG.deactivateEndsAccess);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Desactivar' }).click();
    await expect(row).toContainText('Inactivo');
    expect((await person.page.request.get('/api/me')).status()).toBe(401);
    await row.getByRole('button', { name: `Eliminar ${employeeName}` }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Esta acción no se puede deshacer.');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await expect(row).toHaveCount(0);
    await logIn(person.page, person.email, PASSWORD);
    await expect(person.page).not.toHaveURL(/\/login$/);
    const me = await person.page.request.get('/api/me');
    expect((await me.json()).role).toBe('client');

    await client.page.reload();
    await expect(client.page.getByLabel('Profesional').locator('option', { hasText: employeeName })).toHaveCount(0);
    await person.context.close();
    await client.context.close();
  });
});
