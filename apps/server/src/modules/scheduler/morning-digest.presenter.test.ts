import { describe, expect, it } from 'vitest';
import { DIGEST_MAX_COMPANIES, type DigestLine, presentMorningDigest, urgencyOf } from './morning-digest.presenter.ts';

const line = (values: Partial<DigestLine>): DigestLine => ({
  kind: 'service',
  name: 'F29',
  period: { year: 2026, month: 11 },
  state: 'Pendiente',
  dueDate: '2026-12-14',
  daysLeft: 5,
  ...values,
});

describe('the morning digest presenter', () => {
  it('says how late or how close each due date is', () => {
    expect([-3, -1, 0, 1, 2, 7].map(urgencyOf)).toEqual([
      'atrasada',
      'atrasada',
      'vence hoy',
      'vence en 1 día',
      'vence en 2 días',
      'vence en 7 días',
    ]);
  });

  it('escapes names and states in the HTML, keeps them as typed in the text, and links each board period once', () => {
    const mail = presentMorningDigest({
      user: { id: 7, name: 'Ana' },
      today: '2026-12-09',
      appUrl: 'https://estudio.example.cl',
      companies: [
        {
          name: 'Zeta "Uno"',
          rut: '76.086.428-5',
          lines: [
            line({ name: '<script>alert(1)</script>', dueDate: '2026-12-09', daysLeft: 0 }),
            line({ state: "Revisión 'A'", dueDate: '2026-11-12', daysLeft: -27, period: { year: 2026, month: 10 } }),
          ],
        },
        { name: 'Alfa', rut: '77.123.456-9', lines: [line({ kind: 'task', name: 'Cierre', state: 'En proceso' })] },
      ],
    });
    expect(mail.subject).toBe(
      'Resumen de vencimientos del 09-12-2026: 1 atrasada y 2 por vencer en los próximos 7 días',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain('Zeta &#34;Uno&#34;');
    expect(mail.html).toContain('Revisión &#39;A&#39;');
    // Companies by name; each company's lines by due date.
    expect(mail.text.indexOf('Alfa (77.123.456-9)')).toBeLessThan(mail.text.indexOf('Zeta "Uno"'));
    expect(mail.text).toContain(
      [
        'Zeta "Uno" (76.086.428-5)',
        "- F29 (octubre 2026): Revisión 'A', vence el 12-11-2026, atrasada",
        '- <script>alert(1)</script> (noviembre 2026): Pendiente, vence el 09-12-2026, vence hoy',
      ].join('\n'),
    );
    expect(mail.text.match(/encargado=7/g)).toHaveLength(2); // October and November, once each
    expect(mail.text.match(/seguimiento-tareas\?anio=2026&mes=11&responsable=7/g)).toHaveLength(1);
  });

  it('lists at most DIGEST_MAX_COMPANIES companies, those due first, and counts and links them all', () => {
    const owned = DIGEST_MAX_COMPANIES + 5;
    // Company 0 is due last, so it is one of the five left out; the latest-due listed one still shows.
    const companies = Array.from({ length: owned }, (_, index) => ({
      name: `Empresa ${String(index).padStart(3, '0')}`,
      rut: `76.000.${String(index).padStart(3, '0')}-K`,
      lines: [
        line({
          dueDate: index === 0 ? '2026-12-31' : `2026-11-${String((index % 28) + 1).padStart(2, '0')}`,
          daysLeft: -1,
        }),
      ],
    }));
    const mail = presentMorningDigest({
      user: { id: 7, name: 'Ana' },
      today: '2026-12-09',
      companies,
      appUrl: 'https://app.cl',
    });

    expect(mail.subject).toContain(`${owned} atrasadas`);
    expect(mail.text.match(/^Empresa \d{3} /gm)).toHaveLength(DIGEST_MAX_COMPANIES);
    expect(mail.text).not.toContain('Empresa 000');
    expect(mail.text).toContain('Y 5 empresas más: en los tableros.');
    expect(mail.html).toContain('<p>Y 5 empresas más: en los tableros.</p>');
    expect(mail.text).toContain('https://app.cl/?anio=2026&mes=11&encargado=7');
  });

  it('adds the documents clients sent that await review, per company, with the Solicitudes link, and counts them in the subject', () => {
    const mail = presentMorningDigest({
      user: { id: 7, name: 'Ana' },
      today: '2026-12-09',
      appUrl: 'https://estudio.example.cl',
      companies: [{ name: 'Alfa', rut: '77.123.456-9', lines: [line({ daysLeft: -2, dueDate: '2026-12-07' })] }],
      toReview: [
        { name: 'Zeta <Sur>', rut: '76.086.428-5', count: 1 },
        { name: 'Beta', rut: '78.000.001-1', count: 3 },
      ],
    });
    expect(mail.subject).toBe(
      'Resumen de vencimientos del 09-12-2026: 1 atrasada y 0 por vencer en los próximos 7 días; 4 documentos enviados por clientes sin revisar',
    );
    expect(mail.text).toContain(
      [
        '- F29 (noviembre 2026): Pendiente, vence el 07-12-2026, atrasada',
        '',
        'Documentos enviados por clientes, por revisar:',
        '- Beta (78.000.001-1): 3 documentos',
        '- Zeta <Sur> (76.086.428-5): 1 documento',
        '',
        'Revisar en Solicitudes: https://estudio.example.cl/solicitudes',
        '',
        'Ver en los tableros:',
      ].join('\n'),
    );
    expect(mail.html).toContain('<li>Zeta &#60;Sur&#62; (76.086.428-5): 1 documento</li>');
    expect(mail.html).toContain('<a href="https://estudio.example.cl/solicitudes">Revisar en Solicitudes</a>');
  });

  it('with only documents to review, says just that and links no board', () => {
    const mail = presentMorningDigest({
      user: { id: 7, name: 'Ana' },
      today: '2026-12-09',
      appUrl: 'https://app.cl',
      companies: [],
      toReview: [{ name: 'Beta', rut: '78.000.001-1', count: 1 }],
    });
    expect(mail.subject).toBe('Resumen de vencimientos del 09-12-2026: 1 documento enviado por clientes sin revisar');
    expect(mail.text).toBe(
      [
        'Hola Ana, estos son tus vencimientos al 09-12-2026: 1 documento enviado por clientes sin revisar.',
        'Documentos enviados por clientes, por revisar:\n- Beta (78.000.001-1): 1 documento',
        'Revisar en Solicitudes: https://app.cl/solicitudes',
        'Puedes dejar de recibir este resumen en Mi perfil: https://app.cl/perfil',
      ].join('\n\n'),
    );
    expect(mail.html).not.toContain('Ver en los tableros');
  });

  it('lists at most DIGEST_MAX_COMPANIES companies to review, those with the most documents first, and counts them all', () => {
    const owned = DIGEST_MAX_COMPANIES + 2;
    const toReview = Array.from({ length: owned }, (_, index) => ({
      name: `Empresa ${String(index).padStart(3, '0')}`,
      rut: `76.000.${String(index).padStart(3, '0')}-K`,
      count: index < 2 ? 1 : 2, // companies 000 and 001 have the fewest: left out
    }));
    const mail = presentMorningDigest({
      user: { id: 7, name: 'Ana' },
      today: '2026-12-09',
      companies: [],
      toReview,
      appUrl: 'https://app.cl',
    });
    expect(mail.subject).toContain(`${owned * 2 - 2} documentos enviados por clientes sin revisar`);
    expect(mail.text.match(/^- Empresa \d{3} /gm)).toHaveLength(DIGEST_MAX_COMPANIES);
    expect(mail.text).not.toContain('Empresa 000');
    expect(mail.text).not.toContain('Empresa 001');
    expect(mail.text).toContain('Y 2 empresas más: en Solicitudes.');
  });

  it("lists an owner's requests from a person by last day, overdue ones in red, with a link to 'Protección de datos'", () => {
    const mail = presentMorningDigest({
      user: { id: 1, name: 'Carolina' },
      today: '2026-12-28',
      appUrl: 'https://estudio.example.cl',
      companies: [],
      rightsRequests: [
        { kindText: 'Supresión', requesterName: 'Luis <Soto>', dueOn: '2027-01-04', daysLeft: 7 },
        { kindText: 'Acceso', requesterName: 'Ana Pérez', dueOn: '2026-12-20', daysLeft: -8 },
      ],
    });
    expect(mail.subject).toBe(
      'Resumen de vencimientos del 28-12-2026: 2 solicitudes de datos personales por responder',
    );
    expect(mail.text).toContain(
      [
        'Solicitudes de datos personales por responder',
        '- Acceso de Ana Pérez: plazo hasta el 20-12-2026, vencida',
        '- Supresión de Luis <Soto>: plazo hasta el 04-01-2027, vence en 7 días',
      ].join('\n'),
    );
    expect(mail.text).toContain('Ver las solicitudes: https://estudio.example.cl/proteccion-datos');
    expect(mail.html).toContain(
      '<li style="color:#c92a2a">Acceso de Ana Pérez: plazo hasta el 20-12-2026, vencida</li>',
    );
    expect(mail.html).toContain('Luis &#60;Soto&#62;');
  });
});
