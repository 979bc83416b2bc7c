import { expect, test } from '@playwright/test';
import { createBusinessViaApi, createServiceViaApi, OWNER, ownerHeaders, signInAsOwner } from './support/fixtures';
import { expectNoSeriousViolations } from './support/page-checks';

// DESIGN.md §5: every screen can be used with the keyboard and every input has a label.
test('sign-in and recovery screens have no serious accessibility problems', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto('/recuperar-contraseña');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('signing in works with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  // The e-mail field takes the focus when the page opens.
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(OWNER.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(OWNER.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Bienvenido\/a de nuevo/ })).toBeVisible();
});

test('the staff screens have no serious accessibility problems', async ({ page, request }) => {
  test.setTimeout(120_000); // eight pages, each scanned in full
  const headers = await ownerHeaders(request);
  const service = await createServiceViaApi(request, 'Accesible');
  await request.post(`/api/service/${service.id}/state`, {
    headers,
    data: { name: 'Listo', color: '#2ECC71', order: 0, pctProgress: 100, hasValue: false, showResume: true },
  });
  await request.post(`/api/service/${service.id}/folder`, { headers, data: { name: 'Declaraciones', isActive: true } });
  const company = await createBusinessViaApi(request, 'Accesible');
  await request.post('/api/password', {
    headers,
    data: { businessId: company.id, user: 'ana', portal: 'sii', password: 'clave', description: 'SII' },
  });
  const group = (
    await (await request.post('/api/business-group', { headers, data: { name: 'Grupo accesible' } })).json()
  ).group;

  await signInAsOwner(page);
  for (const [path, heading] of [
    ['/', /Bienvenido/],
    ['/usuarios', 'Usuarios'],
    ['/servicios', 'Servicios'],
    [`/servicios/${service.id}`, 'Editar Accesible'],
    ['/empresas', 'Empresas'],
    [`/empresas/${company.id}`, company.name],
    [`/grupos-empresas/${group.id}`, /Grupo accesible/],
    ['/grupos-empresas', 'Grupos de Empresas'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await test.step(path, () => expectNoSeriousViolations(page));
  }
});

test('the user form modal has no serious accessibility problems', async ({ page }) => {
  await signInAsOwner(page);
  await page.goto('/usuarios');
  await page.getByRole('button', { name: 'Nuevo' }).click();
  await page.getByRole('dialog', { name: 'Crear usuario' }).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Este campo es requerido')).toBeVisible();
  await expectNoSeriousViolations(page);
});
