import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const KEY_FILE_NAME = 'webhook-secret.key';

/**
 * The master key that seals what the service must read back but never store readable
 * (webhook signing secrets, queued mail bodies; each under a key derived for it, see
 * AesGcmCipher): WEBHOOK_SECRET_KEY when the operator sets it (the same value on every
 * instance), else 32 random bytes in `<DATA_DIR>/webhook-secret.key`, made (mode 0600) on
 * first start and read on later ones. Never in the database: a dump alone must not open
 * the sealed values. Losing the key loses them: webhooks must then be re-created, and queued
 * mail is dead.
 */
export function loadMasterKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured !== undefined) return Buffer.from(configured, 'utf8');
  const dir = resolve(dataDir);
  const file = join(dir, KEY_FILE_NAME);
  let text: string;
  try {
    mkdirSync(dir, { recursive: true });
    try {
      // 'wx': only the first of several processes starting together creates it; the others read it.
      writeFileSync(file, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `WEBHOOK_SECRET_KEY is not set and the key file ${file} cannot be used (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ` +
        'set WEBHOOK_SECRET_KEY (e.g. openssl rand -base64 32), the same value on every instance',
      { cause: error },
    );
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length < 32) throw new Error(`${file} does not hold a base64 key of at least 32 bytes`);
  return key;
}
