import { msg } from './messages.ts';

/** Spanish texts of the own-profile screen and its endpoints (every role has one). */
export const profileMsg = {
  // Screen.
  title: 'Mi perfil',
  personalData: 'Datos personales',
  changePassword: 'Cambiar contraseña',
  loadFailed: 'No se pudieron cargar tus datos',
  passwordHint: 'Entre 8 y 128 caracteres',

  // Validation.
  requiredField: msg.requiredField,
  invalidEmail: msg.invalidEmail,
  passwordMin: msg.passwordMinUser,
  passwordsDontMatch: msg.passwordsDontMatchUser,
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  samePassword: 'La nueva contraseña debe ser distinta de la actual',
  nameTooLong: 'Debe tener como máximo 120 caracteres',

  // The morning digest: staff only.
  morningDigestTitle: 'Resumen diario',
  morningDigestLabel: 'Recibir el resumen diario de vencimientos (08:00)',
  morningDigestDescription:
    'En días hábiles, un correo con lo atrasado y lo que vence en la semana de tus empresas y tus tareas.',
  morningDigestInvalid: 'Indica si quieres recibir el resumen (sí o no)',
  morningDigestStaffOnly: 'El resumen diario es solo para el personal del estudio',
  morningDigestOn: 'Recibirás el resumen diario de vencimientos',
  morningDigestOff: 'Ya no recibirás el resumen diario de vencimientos',
  morningDigestLoadFailed: 'No se pudo cargar tu preferencia del resumen diario',

  // Conflicts and successes.
  emailExists: msg.emailExists,
  profileUpdated: 'Perfil actualizado correctamente',
  passwordChanged: msg.passwordChanged,
} as const;
