/**
 * Spanish answers about the `Idempotency-Key` header of the creating POSTs: a retried submission
 * answers its first result instead of writing again.
 */
export const idempotencyMsg = {
  invalidKey: 'La clave Idempotency-Key no es válida: deben ser de 8 a 128 letras, números o . _ : -',
  keyReused: 'Esta clave Idempotency-Key ya se usó con otros datos: envía el formulario de nuevo',
  stillRunning: 'Esta operación ya se está procesando; espera un momento y recarga la página',
  unknownOutcome:
    'No se pudo confirmar si la operación anterior se guardó: recarga la página para revisarlo antes de intentarlo de nuevo',
} as const;
