import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { KEY_FILE_NAME } from '../common/crypto/master-key';
import type { AppConfig } from './app-config';

/**
 * Why DATA_DIR cannot serve this configuration, as one line, or undefined when it can (or is
 * not used). DATA_DIR holds the embedded PostgreSQL when DATABASE_URL is unset, and the master
 * key file when WEBHOOK_SECRET_KEY is unset and the file is not there yet. Checked before
 * anything starts, so that a folder the process may not write (a container's non-root user
 * under a root-owned /app) stops the service with a line naming DATA_DIR, rather than with a
 * bare `EACCES: mkdir` from deep inside the embedded database's launcher.
 */
export function dataDirProblem(config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'webhooks'>): string | undefined {
  const dir = resolve(config.dataDir);
  const uses: string[] = [];
  const unset: string[] = [];
  if (!config.databaseUrl) {
    uses.push('the embedded PostgreSQL (DATABASE_URL is unset)');
    unset.push('DATABASE_URL');
  }
  // An existing key file is only read: a read-only DATA_DIR that holds it is enough.
  if (config.webhooks.secretKey === undefined && !existsSync(join(dir, KEY_FILE_NAME))) {
    uses.push('the master key file (WEBHOOK_SECRET_KEY is unset)');
    unset.push('WEBHOOK_SECRET_KEY');
  }
  if (uses.length === 0) return undefined;

  // Trying is the only sure test: access(2) says yes to root on a read-only file system, and
  // no to nothing an ACL or a mount option forbids.
  const probe = join(dir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, '', { flag: 'wx' });
    rmSync(probe, { force: true });
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const who = process.getuid ? ` (uid ${process.getuid()})` : '';
    const fix = unset.length > 1 ? 'those variables' : unset[0];
    return (
      `Cannot use DATA_DIR ${dir}: this process${who} cannot write it (${code}). ` +
      `It holds ${uses.join(' and ')}: make it writable, set DATA_DIR to a writable folder, or set ${fix}`
    );
  }
}
