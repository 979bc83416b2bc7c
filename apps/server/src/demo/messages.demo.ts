import { Readable } from 'node:stream';
import { demoPdf } from './demo-pdf.ts';
import type { DemoServices } from './demo-services.ts';

/** What each demo thread says: who writes ('client' or 'staff') and the text; a file name attaches a PDF. */
const THREADS: { side: 'client' | 'staff'; text: string; file?: string }[][] = [
  [
    { side: 'client', text: 'Hola, ¿me confirman si recibieron las facturas de compra de octubre?' },
    { side: 'staff', text: 'Hola, sí, llegaron las 14. Las revisamos esta semana y les avisamos.' },
    { side: 'client', text: 'Les mando también la cartola del banco del mes.', file: 'cartola-octubre.pdf' },
  ],
  [
    { side: 'staff', text: 'Buenos días, ¿nos pueden enviar el libro de remuneraciones de noviembre?' },
    { side: 'client', text: 'Sí, se los envío hoy en la tarde.' },
  ],
  [{ side: 'client', text: 'Necesitamos un certificado de renta para el banco, ¿lo pueden preparar?' }],
  [
    { side: 'client', text: '¿Cuándo vence el pago del F29 de este mes?' },
    { side: 'staff', text: 'Vence el 20. Les enviamos el detalle para pagar apenas esté listo.' },
  ],
];

/**
 * 'Mensajes' for the demo: a thread with each company that has client users (questions, answers, a
 * PDF attached, a system line), some read and some waiting for the firm. Skipped when any thread exists.
 */
export async function seedDemoMessages(features: DemoServices): Promise<string> {
  const { messages, users, businesses } = features;
  if (await messages.anyThread()) return 'Mensajes: ya había conversaciones, sin cambios.';
  const staff = await users.listStaff();
  const owner = staff.find((user) => user.role === 'owner');
  if (!owner) return 'Mensajes: sin dueño, sin cambios.';
  let written = 0;
  let threads = 0;
  for (const company of await businesses.list()) {
    const clients = await users.listForBusiness(company.id);
    const client = clients[0];
    const script = THREADS[threads % THREADS.length];
    if (!client || !script) continue;
    const responsible = staff.find((user) => user.id === company.responsibleUserId) ?? owner;
    const as = (user: { id: number; role: 'owner' | 'collaborator' | 'client'; businessId: number | null }) => ({
      id: user.id,
      role: user.role,
      businessId: user.businessId,
      sessionId: 'demo',
    });
    for (const line of script) {
      const author = line.side === 'client' ? client : responsible;
      const files = line.file
        ? [{ fileName: line.file, content: Readable.from([demoPdf([company.name, 'Cartola bancaria', 'Octubre'])]) }]
        : [];
      await messages.post(as(author), company.id, () => line.text, files, { userId: author.id, ip: null });
      written += 1;
    }
    if (threads === 0) {
      await messages.postSystemMessage(company.id, 'Se envió una solicitud de documentos de noviembre', '/');
      written += 1;
    }
    threads += 1;
  }
  return `Mensajes: ${written} mensajes en ${threads} conversaciones.`;
}
