import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { HmacCursorCodec } from './hmac-cursor-codec';

/**
 * The key that signs cursors. Every instance behind one load balancer must hold the same
 * one, or a cursor issued by one instance would be refused by the next. So:
 * - `CURSOR_SECRET` (at least 32 characters) when the operator sets it: the same value on
 *   every instance, rotated by changing it (outstanding cursors then get a 400);
 * - otherwise 32 random bytes made once and kept in the database (`service_secrets`), which
 *   every instance of a deployment already shares: the first instance writes it, the others
 *   read it. Never a per-process random key (cursors would break across instances and
 *   restarts), never one derived from something guessable such as the database URL.
 */
export async function loadCursorSecret(configured: string | undefined, dataSource: DataSource): Promise<Buffer> {
  if (configured !== undefined) return Buffer.from(configured, 'utf8');
  await dataSource.query(`INSERT INTO service_secrets (name, value) VALUES ('cursor', $1) ON CONFLICT (name) DO NOTHING`, [
    randomBytes(32),
  ]);
  const rows: Array<{ value: Buffer }> = await dataSource.query(`SELECT value FROM service_secrets WHERE name = 'cursor'`);
  return rows[0].value;
}

export async function cursorCodecFor(configured: string | undefined, dataSource: DataSource): Promise<HmacCursorCodec> {
  return new HmacCursorCodec(await loadCursorSecret(configured, dataSource));
}
