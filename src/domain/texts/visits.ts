// The texts of a visit of several services (ADRs 081-083): the booking page's lazy "Añadir otro
// servicio" part and the server's answers to it. Their own module: in MSG they would be downloaded
// by every client first view (test/bundle-budget.test.ts).

export const VISIT_MSG = {
  addService: 'Añadir otro servicio',
  removeService: 'Quitar',
  parallelSetting: 'Se puede hacer a la vez que otro servicio',
  modeSequence: 'Uno detrás de otro',
  modeParallel: 'A la vez, con dos profesionales',
  tooFew: 'Elige al menos dos servicios para reservarlos juntos.',
  tooMany: 'Puedes reservar hasta 3 servicios en una visita.',
  sameServiceTwice: 'Ese servicio ya está en tu visita.',
  parallelNotAllowed: 'Estos servicios no se pueden hacer a la vez. Resérvalos uno detrás de otro.',
  parallelSameProfessional: 'Para hacerlos a la vez, elige una profesional distinta para cada servicio.',
  visitDoesNotFit: 'A esa hora no caben todos los servicios. Elige otra hora.',
} as const;
