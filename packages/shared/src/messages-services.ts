import { msg } from './messages.ts';

/** Spanish texts of the services feature: the list, the service detail, their forms and toasts. */
export const servicesMsg = {
  // Validation (the wording users already know, typos included).
  required: msg.required,
  integer: 'Debe se un numero entero',
  monthDayRange: 'Debe estar entre 1 y 31',
  orderPositive: 'El valor debe ser positivo',
  stateOrderMin: 'El orden debe ser mayor o igual a cero',
  pctMin: 'El porcentaje debe ser mayor a cero',
  pctMax: 'El porcentaje debe ser menor o igual a 100',
  nameMax: 'El nombre no debe tener más de 255 caracteres',
  notificationDay: 'El día debe estar entre 1 y 31',
  subjectMax: 'El asunto no debe tener más de 255 caracteres',
  invalidColor: 'Debe elegir uno de los colores disponibles',
  invalidDate: 'Debe ser una fecha válida',

  // Not found / conflicts.
  serviceNotFound: 'El servicio no existe',
  nameExists: 'Ya existe un servicio con este nombre',
  stateNotFound: 'El estado no existe',
  folderNotFound: 'La carpeta no existe',
  parentFolderNotFound: 'La carpeta padre no pertenece a este servicio',
  notificationNotFound: 'La notificación no existe',
  businessServiceNotFound: 'La empresa no tiene este servicio',

  // Successes.
  serviceCreated: 'Servicio creado correctamente',
  serviceEdited: 'Servicio editado correctamente',
  serviceDeleted: 'Servicio eliminado!',
  stateCreated: 'Estado creado correctamente',
  stateEdited: 'Estado editado correctamente',
  stateDeleted: 'Estado eliminado correctamente',
  folderCreated: 'Carpeta creada correctamente',
  folderEdited: 'Carpeta editada correctamente',
  notificationCreated: 'Notificación creada correctamente',
  notificationEdited: 'Notificación editada correctamente',
  notificationDeleted: 'La notificación se eliminó correctamente',
  monthsActiveSaved: 'Meses activos guardados correctamente',
  serviceActivated: 'Servicio activado.',
  serviceDeactivated: 'Servicio desactivado.',
  startDateEdited: 'Fecha de inicio actualizada correctamente',
  allActivated: 'Servicio activado en todas las empresas',
  allDeactivated: 'Servicio desactivado en todas las empresas',

  // Tax catalogue ('Cargar obligaciones del SII') and the suggestions of a company's profile.
  catalogueUnknownKey: 'Esa obligación no está en el catálogo',
  catalogueNothingChosen: 'Elija al menos una obligación',
  catalogueLoaded: (created: number) =>
    created === 0
      ? 'No se cargó ninguna obligación: las elegidas ya estaban cargadas'
      : created === 1
        ? 'Se cargó 1 obligación'
        : `Se cargaron ${created} obligaciones`,
  catalogueNameTaken: 'Ya existe un servicio con este nombre que no viene del catálogo',
  catalogueAlreadyLoaded: 'Ya estaba cargada',
  suggestionsActivated: (count: number) =>
    count === 1 ? 'Se activó 1 obligación en la empresa' : `Se activaron ${count} obligaciones en la empresa`,

  // Web-only texts, kept here so both screens use one wording.
  deleteConfirmTitle: '¿Estás Seguro?',
  notificationDeleteFailed: 'No se pudo eliminar la  notificación',
} as const;
