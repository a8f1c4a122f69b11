// The demo salon's clients (issue 25): Spanish names, Spanish mobile numbers in E.164, a few
// emails on the reserved example.com domain (no real person gets the demo's reminders).

export const FIRST_NAMES = [
  'Ana', 'María', 'Laura', 'Lucía', 'Paula', 'Sofía', 'Cristina', 'Beatriz', 'Patricia', 'Silvia',
  'Raquel', 'Marina', 'Noelia', 'Sandra', 'Verónica', 'Mónica', 'Inmaculada', 'Rocío', 'Esther', 'Nerea',
  'Irene', 'Andrea', 'Julia', 'Claudia', 'Carla', 'Aitana', 'Lorena', 'Miriam', 'Yolanda', 'Amparo',
  'Montserrat', 'Teresa', 'Encarna', 'Consuelo', 'Gloria', 'Natalia', 'Susana', 'Ainhoa', 'Begoña', 'Olga',
  'Marisa', 'Celia', 'Lidia', 'Adriana', 'Victoria', 'Daniela', 'Valeria', 'Alicia', 'Eva', 'Nieves',
  'David', 'Sergio', 'Pablo', 'Álvaro', 'Jorge', 'Rubén', 'Iván', 'Óscar',
] as const;

export const SURNAMES = [
  'García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Jiménez',
  'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez', 'Torres', 'Domínguez',
  'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Blanco', 'Suárez', 'Molina', 'Castro', 'Ortega', 'Delgado',
  'Marín', 'Rubio', 'Sanz', 'Iglesias', 'Medina', 'Garrido', 'Cortés', 'Castillo', 'Santos', 'Lozano',
  'Guerrero', 'Cano', 'Prieto', 'Méndez', 'Cruz', 'Calvo', 'Gallego', 'Vidal', 'León', 'Herrera',
  'Peña', 'Flores', 'Cabrera', 'Campos', 'Vega', 'Fuentes', 'Carrasco', 'Diez', 'Caballero', 'Reyes',
  'Nieto', 'Aguilar', 'Pascual', 'Santana', 'Herrero', 'Lorenzo', 'Hidalgo', 'Montero', 'Ibáñez', 'Giménez',
] as const;

/** 'María José Pérez' -> 'maria.jose.perez' (an email's local part). */
export function emailLocalPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
}
