import { expect, test } from '@playwright/test';
import { createBusinessViaApi, createCollaboratorViaApi, signIn, signInAsOwner, uniqueName } from './support/fixtures';
import { expectNoSeriousViolations } from './support/page-checks';

// The browser tests' server has WhatsApp off: the screens say so, and a company's number and
// consent are still recorded (with who and when) for the day it is configured.

test("a collaborator records a company's WhatsApp number and consent; the owner's Configuración says WhatsApp is off", async ({
  page,
  request,
}) => {
  const business = await createBusinessViaApi(request, uniqueName('WhatsApp'));
  const collaborator = await createCollaboratorViaApi(request, 'Walter', 'Zapata');
  await signIn(page, collaborator.email, collaborator.password, `/empresas/${business.id}`);

  const section = page.getByRole('region', { name: 'WhatsApp' });
  await expect(section.getByText('WhatsApp no está configurado')).toBeVisible();
  await expect(section.getByText('Sin consentimiento registrado.')).toBeVisible();

  const phone = section.getByLabel('Celular WhatsApp');
  await phone.fill('22 123 4567');
  await section.getByLabel('La empresa aceptó recibir avisos por WhatsApp').check();
  await section.getByRole('button', { name: 'Guardar' }).click();
  await expect(section.getByText(/debe ser un móvil chileno: \+56 9 y 8 dígitos/)).toBeVisible();

  await phone.fill('9 8765 4321');
  await section.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('WhatsApp de la empresa guardado')).toBeVisible();
  await expect(phone).toHaveValue('+56 9 8765 4321');
  await expect(
    section.getByText(/^Aceptación registrada por Walter Zapata el \d{2}-\d{2}-\d{4} \d{2}:\d{2}\.$/),
  ).toBeVisible();
  await expectNoSeriousViolations(page);

  await signInAsOwner(page, '/cobranza?vista=config');
  const card = page.getByRole('region', { name: 'WhatsApp' });
  await expect(card.getByText('WhatsApp no está configurado')).toBeVisible();
  await expect(card.getByRole('row', { name: 'Cobro vencido cobro_vencido' })).toBeVisible();
  await expect(card.getByText('Aún no hay avisos por WhatsApp.')).toBeVisible();
  await expectNoSeriousViolations(page);
});
