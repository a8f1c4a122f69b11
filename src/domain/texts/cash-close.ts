// The till's own texts (docs/decisions/054-the-till-and-its-close.md): the cierre de caja and the
// admin's void or correction of a payment line. A module of its own, so that no client first view
// and no other staff page downloads them; the server answers with the same texts (validate.ts).

export const CASH_CLOSE_MSG = {
  // A write to the money of a closed day (the database's trigger, or the service's check).
  tillClosed: 'La caja de este día ya está cerrada: solo la dirección puede registrar o cambiar sus cobros y ventas.',
  dayInvalid: 'Elige un día del calendario.',
  dayInFuture: 'Ese día aún no ha llegado: su caja no se puede abrir ni cerrar.',
  floatInvalid: 'El fondo de caja debe ser un importe entre 0 y 10.000 €, con dos decimales como máximo.',
  alreadyOpen: 'La caja de este día ya está abierta.',
  notOpen: 'Abre la caja de este día, con su fondo, antes de cerrarla.',
  alreadyClosed: 'La caja de este día ya está cerrada.',
  notClosed: 'La caja de este día no está cerrada.',
  countedInvalid: 'El efectivo contado debe ser un importe entre 0 y 1.000.000 €, con dos decimales como máximo.',
  countInvalid: 'Revisa el recuento: cada billete o moneda una sola vez, con una cantidad entera entre 0 y 10.000.',
  countMismatch: 'El recuento por billetes y monedas no suma el efectivo contado.',
  expectedInvalid: 'Falta lo esperado en caja: vuelve a cargar la página.',
  figuresChanged: 'Ha habido movimientos mientras contabas: revisa lo esperado en caja y vuelve a cerrar.',
  differenceReasonRequired: 'Lo contado no coincide con lo esperado: escribe el motivo de la diferencia.',
  reasonRequired: 'Escribe el motivo.',
  reasonTooShort: 'Escribe un motivo que se entienda (al menos 5 caracteres).',
  reasonTooLong: 'El motivo es demasiado largo (como máximo 300 caracteres).',
  reasonInvalid: 'El motivo no puede llevar caracteres de control.',
  movementKindInvalid: 'Elige si es una entrada o una salida de efectivo.',
  movementAmountInvalid: 'El importe debe ser mayor que 0 € y como máximo 10.000 €, con dos decimales como máximo.',
  movementNotOpen: 'Abre la caja de hoy antes de anotar entradas o salidas de efectivo.',
  tillLoadFailed: 'No se pudo cargar la caja.',
  openFailed: 'No se pudo abrir la caja.',
  closeFailed: 'No se pudo cerrar la caja.',
  reopenFailed: 'No se pudo reabrir la caja.',
  movementFailed: 'No se pudo anotar el movimiento.',
  // Voiding or correcting a payment line (the admin's).
  lineNotFound: 'No hemos encontrado esa línea de cobro.',
  lineAlreadyVoided: 'Esta línea de cobro ya está anulada o corregida.',
  correctionMethodInvalid: 'Elige el método correcto: efectivo, tarjeta, Bizum u otro.',
  correctionNoChange: 'La corrección no cambia nada: elige otro método o importe.',
  correctionGiftCard: 'Una línea con tarjeta regalo no se corrige: anúlala (el importe vuelve a la tarjeta) y cobra de nuevo.',
  correctionFailed: 'No se pudo guardar el cambio del cobro.',
} as const;
