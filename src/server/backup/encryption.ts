import { Decrypter, Encrypter } from 'age-encryption';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { BackupFileError } from './archive';

// The backup file is an age file (age-encryption.org/v1) with a passphrase recipient (scrypt),
// ADR 048: the owner can open it without Auna (`age -d`), and a file cut short or changed fails
// to decrypt instead of restoring half a salon.

type WebBytes = ReadableStream<Uint8Array>;

export async function encryptStream(plain: Readable, passphrase: string): Promise<Readable> {
  const e = new Encrypter();
  e.setPassphrase(passphrase);
  const out = await e.encrypt(Readable.toWeb(plain) as unknown as WebBytes);
  return Readable.fromWeb(out as unknown as NodeWebStream<Uint8Array>);
}

export const WRONG_PASSPHRASE =
  'la clave no abre esta copia. Usa la clave de las copias de esa instalación (BACKUP_PASSPHRASE, o la que se mostró al generarla y está en su secrets.json).';

/** The plain content; the header (and so the passphrases, each tried) is checked before this resolves. */
export async function decryptStream(cipher: Readable, passphrases: string[]): Promise<Readable> {
  const d = new Decrypter();
  for (const p of passphrases) d.addPassphrase(p);
  try {
    const out = await d.decrypt(Readable.toWeb(cipher) as unknown as WebBytes);
    return Readable.fromWeb(out as unknown as NodeWebStream<Uint8Array>);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/no identity matched|incorrect passphrase|failed to decrypt file key/i.test(message)) throw new BackupFileError(WRONG_PASSPHRASE);
    throw new BackupFileError(`el archivo no es una copia de Auna o está dañado (${message})`);
  }
}
