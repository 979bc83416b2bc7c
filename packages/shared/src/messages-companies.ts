import { msg } from './messages.ts';

/** Spanish texts of companies, client users, credentials and groups ('Grupos de Empresas'). */
export const companiesMsg = {
  // Validation (the wording users already know).
  required: msg.required,
  requiredField: msg.requiredField,
  invalidRut: 'No es un rut valido',
  invalidEmail: msg.invalidEmail,
  clientPasswordMin: msg.passwordMinClient,
  invalidDate: 'Debe ser una fecha válida',
  endBeforeStart: 'La fecha de término no puede ser anterior a la fecha de inicio',
  invalidPortal: 'Debe elegir un portal válido',
  /** Says the limit, so the user knows how much to cut (the inputs also stop at it). */
  tooLong: (max: number) => `Debe tener como máximo ${max.toLocaleString('es-CL')} caracteres`,
  tooManyContacts: 'Se admiten como máximo 100 correos de contacto',
  responsibleNotStaff: 'El encargado debe ser un dueño o colaborador del estudio',
  electronicFilingInvalid: 'Debe indicar si declara y paga en línea',
  taxRegimeInvalid: 'Elija un régimen tributario de la lista',
  hasEmployeesInvalid: 'Debe indicar si tiene trabajadores',
  vatDeferredInvalid: 'Debe indicar si tiene IVA postergado',
  /** 'Seguimiento desde': the first month the firm tracks; a month of 2000 or later, up to next month. */
  trackingSinceLabel: 'Seguimiento desde',
  trackingSinceHint:
    'Primer mes que el estudio lleva. Los meses anteriores quedan N/A (sin atrasos). Vacío: desde el inicio del contrato.',
  trackingSinceInvalid: 'Seguimiento desde debe ser un mes válido (mes y año)',
  trackingSinceTooEarly: 'Seguimiento desde no puede ser anterior a enero de 2000',
  trackingSinceTooLate: 'Seguimiento desde no puede ser posterior al mes siguiente',

  // Not found / conflicts.
  rutExists: 'Ya existe una empresa con este RUT',
  businessNotFound: msg.businessNotFound,
  credentialNotFound: 'La contraseña no existe',
  groupNotFound: 'El grupo no existe',

  // Successes.
  businessCreated: 'La empresa ha sido creada exitosamente',
  businessEdited: 'La empresa se editó correctamente',
  businessDeleted: 'Empresa eliminada!',
  /** Its charges and payments are the firm's accounts: kept, so the company stays. */
  businessHasBilling:
    'La empresa tiene cobros o pagos registrados en Cobranza y no se puede eliminar: se conservan en su estado de cuenta. Para dejar de atenderla, termine su contrato.',
  credentialCreated: 'La contraseña ha sido creada exitosamente',
  credentialEdited: 'La contraseña se editó correctamente',
  credentialDeleted: 'La contraseña ha sido eliminada correctamente',
  groupSaved: 'Grupo guardado correctamente',
  groupDeleted: 'Grupo eliminado correctamente',

  // Web-only texts, kept here so every screen uses one wording.
  credentialDeleteFailed: 'Ocurrió un error',
  groupSaveFailed: 'Error al guardar el Grupo',
  groupDeleteFailed: 'Error al eliminar el Grupo',
  groupDeleteConfirm: 'Eliminar Grupo',
  noCredentials: 'La empresa no tiene contraseñas registradas.',
  copied: 'Copiado al portapapeles',
  responsibleLabel: 'Encargado',
  noResponsible: 'Sin encargado',
  electronicFilingLabel: 'Declara y paga en línea',
  taxRegimeLabel: 'Régimen tributario',
  hasEmployeesLabel: 'Tiene trabajadores',
  vatDeferredLabel: 'IVA postergado',
  businessDeleteWarning: 'Se eliminarán también los clientes y archivos de la empresa.',

  // 'Exportar a Excel' on the companies list: its refusals and the workbook's headers.
  exportEmpty: 'No hay empresas para exportar',
  exportTooMany: 'Se pueden exportar como máximo 10.000 empresas',
  exportIds: 'La lista de empresas no es válida',
  exportSheet: 'Empresas',
  headerName: 'Nombre',
  headerRazonSocial: 'Razón social',
  headerRut: 'RUT',
  headerLegalRepresentative: 'Representante legal',
  headerContacts: 'Contactos',
  headerStartContract: 'Inicio de contrato',
  headerEndContract: 'Fin de contrato',
  // Web
} as const;
