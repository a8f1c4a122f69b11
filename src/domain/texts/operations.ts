// What people read when the salon's server is in trouble (docs/operations.md): the answer while the
// database is out of reach, and the admin's warning when the server's disk runs short.
export const OPERATIONS_MSG = {
  unavailableTitle: 'Volvemos enseguida',
  unavailable: 'Volvemos enseguida: estamos resolviendo un problema técnico. Inténtalo de nuevo en unos minutos.',
  unavailablePage: 'Las reservas no están disponibles en este momento por un problema técnico. Si estabas reservando, la cita no se ha guardado: inténtalo de nuevo en unos minutos.',
  diskLowTitle: 'Queda poco espacio en el disco del servidor',
  diskLowAction: 'Libera espacio o amplía el disco: sin sitio, Auna no puede guardar citas nuevas.',
} as const;
