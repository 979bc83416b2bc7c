import type { DemoServices } from './demo-services.ts';

/** The addresses the demo's staff work from (documentation ranges would look fake to a Chilean firm). */
const OFFICE_ADDRESS = '190.160.12.34';
const HOME_ADDRESS = '200.73.45.10';

/**
 * A morning of the staff's own activity, through the same calls the screens make, so /actividad and
 * the credentials' 'Última vez vista por …' have something to show: Javier shows three companies' SII
 * passwords from the office, Carolina copies one from home. Skipped when Javier has revealed any.
 */
export async function seedDemoActivity({ users, businesses, credentials, activity }: DemoServices): Promise<string> {
  const javier = await users.findByEmail('javier@estudio.cl');
  const carolina = await users.findByEmail('carolina@estudio.cl');
  if (!javier || !carolina) return 'Actividad: sin usuarios de demostración, nada que registrar.';
  const earlier = await activity.page({ userId: javier.id, kind: 'credential', limit: 1 });
  if (earlier.rows.length > 0) return 'Actividad: ya registrada.';

  const companies = (await businesses.list()).slice(0, 3);
  let reveals = 0;
  for (const [index, company] of companies.entries()) {
    const sii = (await credentials.listForBusiness(company.id, { withLastReveal: false })).find(
      (credential) => credential.portal === 'sii',
    );
    if (!sii) continue;
    await credentials.reveal(sii.id, 'show', { userId: javier.id, ip: OFFICE_ADDRESS });
    reveals += 1;
    if (index === 0) {
      await credentials.reveal(sii.id, 'copy', { userId: carolina.id, ip: HOME_ADDRESS });
      reveals += 1;
    }
  }
  return `Actividad: ${reveals} contraseñas de portal mostradas o copiadas por el equipo.`;
}
