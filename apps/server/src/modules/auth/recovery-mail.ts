const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The recovery e-mail. Its link is written percent-encoded (WHATWG URL serialisation: the ñ of
 * /recuperar-contraseña becomes %C3%B1) so that no mail client cuts it at a raw non-ASCII letter.
 */
export function recoveryMail(name: string, rawLink: string) {
  const link = new URL(rawLink).href;
  return {
    subject: 'Recuperar contraseña',
    text: `Hola ${name},\n\nPara crear una nueva contraseña abre este enlace (vale por 1 hora y sirve una sola vez):\n\n${link}\n\nSi no pediste este cambio, ignora este correo.\n`,
    html: `<p>Hola ${escapeHtml(name)},</p><p>Para crear una nueva contraseña abre este enlace (vale por 1 hora y sirve una sola vez):</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Si no pediste este cambio, ignora este correo.</p>`,
  };
}
