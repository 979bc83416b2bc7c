import { msg } from './messages.ts';

/** Spanish texts of the own-profile screen and its endpoints (DESIGN.md §6, issue 7). */
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

  // Conflicts and successes.
  emailExists: msg.emailExists,
  profileUpdated: 'Perfil actualizado correctamente',
  passwordChanged: msg.passwordChanged,
} as const;
