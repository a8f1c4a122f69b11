import { mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/**
 * A start that cannot go on, said in ONE Spanish line that names the variable and the fix
 * (docs/operations.md). main.ts prints the message alone: no stack trace, and whatever the start
 * had begun (the embedded PostgreSQL) is stopped first.
 */
export class StartupError extends Error {}

/** A network error's code (EADDRINUSE, ECONNREFUSED…), on the error or its causes. */
export function errnoOf(err: unknown): string | undefined {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  }
  return undefined;
}

/** What a failed listen means, for the variable that set the port. */
export function listenProblem(err: unknown, opts: { host: string; port: number; variable: string; what: string }): StartupError {
  const { host, port, variable, what } = opts;
  switch (errnoOf(err)) {
    case 'EADDRINUSE':
      return new StartupError(
        `El puerto ${port} ${what} ya está en uso (${variable}): otro programa (¿otra copia de Auna?) escucha en él. Páralo o elige otro puerto con ${variable}=…`,
      );
    case 'EACCES':
      return new StartupError(
        `No hay permiso para escuchar en el puerto ${port} ${what} (${variable}): los puertos por debajo de 1024 son del sistema. Elige uno mayor con ${variable}=… y pon delante un proxy (docs/operations.md).`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new StartupError(`HOST=${host} no es una dirección de esta máquina: usa 127.0.0.1 (detrás de un proxy) o 0.0.0.0 (todas).`);
    default:
      return new StartupError(
        `No se puede escuchar en ${host}:${port} ${what} (${variable}): ${err instanceof Error ? err.message : String(err)}`,
      );
  }
}

/**
 * Whether the port can be taken, asked before anything is started: a start that would fail at its
 * last step (listen) no longer leaves a PostgreSQL running for nothing. The real listen can still
 * lose a race, and says the same.
 */
export async function checkPortFree(opts: { host: string; port: number; variable: string; what: string }): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (err) => reject(listenProblem(err, opts)));
    probe.listen({ host: opts.host, port: opts.port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/**
 * DATA_DIR must exist (it is made if not) and be writable: secrets, the embedded database and the
 * outbox live there. A read-only one used to fail later with a misleading "ENOENT mkdir".
 */
export async function checkDataDirWritable(dataDir: string): Promise<void> {
  const probe = path.join(dataDir, `.escritura-${process.pid}`);
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (err) {
    const code = errnoOf(err);
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? 'no hay permiso de escritura para este usuario'
        : code === 'EROFS'
          ? 'está en un disco de solo lectura'
          : code === 'ENOTDIR' || code === 'EEXIST'
            ? 'parte de la ruta es un archivo, no una carpeta'
            : code === 'ENOSPC'
              ? 'el disco está lleno'
              : (code ?? (err instanceof Error ? err.message : String(err)));
    throw new StartupError(
      `No se puede escribir en la carpeta de datos ${dataDir} (DATA_DIR): ${why}. Dale permiso al usuario que ejecuta Auna (chown) o elige otra carpeta con DATA_DIR=…`,
    );
  }
}
