import { STAFF_MSG } from '../src/domain/texts/staff';
import { asAdmin, expect, RUN, test, weekdayAhead } from './support/back-office';
import { typeDate } from './support/date-field';

// Cabins and machines (ADR 036), in Chromium against the built demo salon: the admin adds a
// machine, puts it out of service for a day, and a new service needs it with cleaning time. The
// service is deleted again and the machine deactivated (resources are never deleted), so the other
// journeys see the demo salon's services as seeded.

test.describe('back office', () => {
  test.describe.configure({ timeout: 60_000 });

  test('resources: a machine, its day out of service, and a service that needs it', async ({ page }) => {
    const laser = `Láser de diodo ${RUN}`;
    const service = `Depilación láser ${RUN}`;
    const day = weekdayAhead(3);

    await asAdmin(page, '/admin/resources');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cabinas y aparatos');

    // Add it: the rule answers beside the name before anything is sent.
    await page.getByRole('button', { name: 'Añadir cabina o aparato' }).click();
    const form = page.getByRole('form', { name: 'Nueva cabina o aparato' });
    await form.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(form.getByText(STAFF_MSG.resourceNameRequired)).toBeVisible();
    await form.getByLabel('Nombre').fill(laser);
    await form.getByRole('radio', { name: 'Aparato' }).check();
    await form.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(form).toBeHidden();
    const row = page.getByTestId('resource-row').filter({ hasText: laser });
    await expect(row).toContainText('Aparato');
    await expect(row).toContainText('Activo');

    // Out of service for a whole day, listed with its reason.
    const out = page.getByRole('form', { name: 'Poner fuera de servicio' });
    await out.getByLabel('Cabina o aparato').selectOption({ label: laser });
    await typeDate(out, 'Desde', day);
    await typeDate(out, 'Hasta (incluido)', day);
    await out.getByLabel(/^Motivo/).fill('Revisión anual');
    await out.getByRole('button', { name: 'Añadir periodo' }).click();
    await expect(page.getByRole('list', { name: 'Periodos fuera de servicio' }).getByRole('listitem').filter({ hasText: `${laser}: Revisión anual` })).toBeVisible();

    // A service that needs it, with 10 minutes of cleaning.
    await page.goto('/admin/services');
    await page.getByRole('button', { name: 'Añadir Servicio' }).click();
    const svc = page.getByRole('form', { name: 'Nuevo servicio' });
    await svc.getByLabel('Nombre').fill(service);
    await svc.getByLabel('Duración').fill('30');
    await svc.getByLabel('Precio').fill('40');
    await svc.getByLabel('Limpieza (min)').fill('10');
    await svc.getByRole('button', { name: 'Necesita una cabina o aparato' }).click();
    // A group with nothing ticked is refused beside the groups.
    await svc.getByRole('button', { name: 'Guardar servicio' }).click();
    await expect(svc.getByText(STAFF_MSG.resourceGroupEmpty)).toBeVisible();
    await svc.getByRole('group', { name: /^Grupo 1/ }).getByRole('checkbox', { name: laser }).check();
    await svc.getByRole('button', { name: 'Guardar servicio' }).click();
    await expect(svc).toBeHidden();
    const serviceRow = page.getByTestId('service-row').filter({ hasText: service });
    await expect(serviceRow).toContainText(`Necesita ${laser} · limpieza 10 min`);

    // After a reload, its edit form says the same.
    await page.reload();
    await serviceRow.getByRole('button', { name: `Editar ${service}` }).click();
    const edit = page.getByRole('form', { name: `Editar servicio ${service}` });
    await expect(edit.getByLabel('Limpieza (min)')).toHaveValue('10');
    await expect(edit.getByLabel('Preparación (min)')).toHaveValue('0');
    await expect(edit.getByRole('group', { name: /^Grupo 1/ }).getByRole('checkbox', { name: laser })).toBeChecked();
    await edit.getByRole('button', { name: 'Cancelar' }).click();

    // Leave the salon as seeded: the service goes, the machine is deactivated.
    const dialog = page.getByRole('alertdialog');
    await serviceRow.getByRole('button', { name: `Desactivar ${service}` }).click();
    await dialog.getByRole('button', { name: 'Desactivar' }).click();
    await serviceRow.getByRole('button', { name: `Eliminar ${service}` }).click();
    await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await expect(serviceRow).toHaveCount(0);

    await page.goto('/admin/resources');
    await row.getByRole('button', { name: `Desactivar ${laser}` }).click();
    await expect(dialog).toContainText('¿Desactivar para nuevas citas?');
    await dialog.getByRole('button', { name: 'Desactivar' }).click();
    await expect(row).toContainText('Inactivo');
    await expect(row.getByRole('button', { name: `Eliminar ${laser}` })).toHaveCount(0);
  });
});
