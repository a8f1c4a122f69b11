import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { BackupFileError, LineReader, MAGIC, type BackupHeader } from './archive';
import { decryptStream } from './encryption';

/**
 * Opens a backup file with the passphrases given (each tried) and reads its header: a wrong key, a
 * file that is not ours or one cut short is found here, before anything is touched.
 */
export async function openBackup(
  file: string,
  passphrases: string[],
): Promise<{ header: BackupHeader; reader: LineReader; close: () => void }> {
  await access(file).catch(() => {
    throw new BackupFileError(`no encuentro el archivo ${file}`);
  });
  const source = createReadStream(file);
  const plain = await decryptStream(source, passphrases);
  const gunzip = createGunzip();
  plain.pipe(gunzip);
  plain.on('error', (err) => gunzip.destroy(new BackupFileError(`la copia está dañada o incompleta (${err.message})`)));
  const reader = new LineReader(gunzip);
  const close = () => {
    gunzip.destroy();
    source.destroy();
  };
  try {
    const magic = await reader.next();
    if (magic?.toString('utf8') !== MAGIC) throw new BackupFileError('el archivo no es una copia de Auna');
    const header = await reader.json<BackupHeader>('la cabecera');
    return { header, reader, close };
  } catch (err) {
    close();
    if (err instanceof BackupFileError) throw err;
    throw new BackupFileError(`la copia está dañada (${err instanceof Error ? err.message : String(err)})`);
  }
}
