import { MSG } from '../src/domain/texts/common';
import { asAdmin, expect, newClient, RUN, serviceOnList, test } from './support/back-office';

// The back office's services (SPEC §2 Manage services; §4 activation; §5 the service form), in
// Chromium against the built demo salon. What the admin does is checked on the client's services
// list. Everything made here is removed again, so the other journeys see the demo salon as seeded.

test.describe('back office', () => {
  // Long journeys across several browser contexts (admin, a client, for employees the linked
  // person too): on a busy two-core machine running the whole suite they can pass the default 30 s.
  test.describe.configure({ timeout: 60_000 });

  test('services: create, edit, deactivate and delete; the client list follows', async ({ page, browser, baseURL }) => {
    const name = `Peeling suave ${RUN}`;
    const renamed = `Peeling luminoso ${RUN}`;
    const client = await newClient(browser, baseURL!, 'bo-svc');
    await asAdmin(page, '/admin/services');
    await expect(page.getByRole('columnheader')).toHaveText(['Nombre', 'Categoría', 'Duración', 'Precio', 'Estado', 'Acciones']);

    // The toggle opens the form; the rules answer in Spanish before anything is sent.
    await page.getByRole('button', { name: 'Añadir Servicio' }).click();
    const form = page.getByRole('form', { name: 'Nuevo servicio' });
    await expect(form.getByLabel('Categoría')).toHaveAttribute('placeholder', 'Ej: Cabello, Uñas, Facial');
    // A Spanish money field: the decimal keyboard, and the amount with a decimal comma (ADR 076).
    await expect(form.getByLabel('Precio')).toHaveAttribute('inputmode', 'decimal');
    await form.getByRole('button', { name: 'Guardar servicio' }).click();
    await expect(form.getByText(MSG.serviceNameRequired)).toBeVisible();
    await form.getByLabel('Nombre').fill(name);
    await form.getByLabel('Duración').fill('0');
    await form.getByRole('button', { name: 'Guardar servicio' }).click();
    await expect(form.getByText(MSG.serviceDurationInvalid)).toBeVisible();

    await form.getByLabel('Categoría').fill('Facial');
    await form.getByLabel('Duración').fill('35');
    await form.getByLabel('Precio').fill('39.90');
    await form.getByLabel('Descripción').fill('Exfoliación suave con ácidos frutales.');
    await form.getByRole('button', { name: 'Guardar servicio' }).click();
    await expect(form).toBeHidden();
    const row = page.getByTestId('service-row').filter({ hasText: name });
    await expect(row).toContainText('Facial');
    await expect(row).toContainText('35 min');
    await expect(row).toContainText('39,90 €');
    await expect(row).toContainText('Activo');

    await client.page.goto('/services');
    await expect(serviceOnList(client.page, name)).toBeVisible();

    // Edit: the same form, filled.
    await row.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('form', { name: `Editar servicio ${name}` });
    await expect(edit.getByLabel('Nombre')).toHaveValue(name);
    await expect(edit.getByLabel('Precio')).toHaveValue('39,90');
    await edit.getByLabel('Nombre').fill(renamed);
    await edit.getByLabel('Precio').fill('42');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    const renamedRow = page.getByTestId('service-row').filter({ hasText: renamed });
    await expect(renamedRow).toContainText('42,00 €');

    await client.page.reload();
    await expect(serviceOnList(client.page, renamed)).toBeVisible();
    await expect(serviceOnList(client.page, name)).toHaveCount(0);

    // Deactivate, with a confirmation; only now may it be deleted.
    await expect(renamedRow.getByRole('button', { name: `Eliminar ${renamed}` })).toHaveCount(0);
    await renamedRow.getByRole('button', { name: `Desactivar ${renamed}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('¿Desactivar este servicio?');
    await dialog.getByRole('button', { name: 'Desactivar' }).click();
    await expect(renamedRow).toContainText('Inactivo');

    await client.page.reload();
    await expect(client.page.getByRole('heading', { name: 'Nuestros Servicios' })).toBeVisible();
    await expect(serviceOnList(client.page, renamed)).toHaveCount(0);

    // Permanent deletion: a strong confirmation that says it cannot be undone.
    await renamedRow.getByRole('button', { name: `Eliminar ${renamed}` }).click();
    await expect(dialog).toContainText('Esta acción no se puede deshacer.');
    await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await expect(renamedRow).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('service-row').first()).toBeVisible();
    await expect(page.getByTestId('service-row').filter({ hasText: renamed })).toHaveCount(0);
    await client.context.close();
  });
});
