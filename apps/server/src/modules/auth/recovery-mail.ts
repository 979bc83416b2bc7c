const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function recoveryMail(name: string, link: string) {
  return {
    subject: 'Recuperar contraseña',
    text: `Hola ${name},\n\nPara crear una nueva contraseña abre este enlace (vale por 1 hora y sirve una sola vez):\n\n${link}\n\nSi no pediste este cambio, ignora este correo.\n`,
    html: `<p>Hola ${escapeHtml(name)},</p><p>Para crear una nueva contraseña abre este enlace (vale por 1 hora y sirve una sola vez):</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Si no pediste este cambio, ignora este correo.</p>`,
  };
}
