// What the owner reads when the backups' key was generated (ADR 048): shown once, where it was made.

export const newPassphraseNotice = (passphrase: string) =>
  [
    '',
    'CLAVE DE LAS COPIAS DE SEGURIDAD (se acaba de generar y no se volverá a mostrar aquí):',
    `  ${passphrase}`,
    'Guárdala fuera de este servidor (un gestor de contraseñas, o en papel con los papeles del salón): sin ella',
    'ninguna copia se puede abrir. Está también en secrets.json, que se pierde con la máquina.',
    '',
  ].join('\n');
