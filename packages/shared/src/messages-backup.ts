import { msg } from './messages.ts';

/** The owner's backup download ('Respaldo'). */
export const backupMsg = {
  title: 'Respaldo',
  intro:
    'Descarga una copia completa de la base de datos y de todos los documentos, para guardarla fuera de este servidor. Se restaura con npm run restore.',
  password: 'Tu contraseña',
  passwordHint: 'Por seguridad, vuelve a escribir tu contraseña.',
  withSecrets: 'Incluir las claves de cifrado',
  withSecretsHint:
    'Sin ellas, las claves de portales y los tokens del calendario solo se pueden leer en un servidor con la misma ENCRYPTION_KEY. Con ellas, guarda el archivo en un lugar seguro.',
  download: 'Descargar respaldo',
  downloading: 'Preparando el respaldo…',
  downloaded: 'Respaldo descargado',
  requiredField: msg.requiredField,
  wrongPassword: 'La contraseña no es correcta',
  busy: 'Ya hay un respaldo en curso; espera a que termine.',
} as const;
