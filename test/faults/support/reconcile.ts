import request from 'supertest';
import type { Server } from 'node:http';
import type pg from 'pg';

/** A bound on any one request: a hang fails the spec with a message instead of stalling it. */
export const REQUEST_BOUND_MS = 20_000;

export interface AddAttempt {
  key: string;
  text: string;
  /** Every status this key was answered with, in order (0: no answer, the connection failed). */
  statuses: number[];
  /** Item ids reported by the 200s (first answers and replays alike). */
  reportedIds: string[];
}

export interface Tally {
  faults: string[];
  attempts: number;
  acknowledged: number;
  lost: number;
  duplicated: number;
  phantom: number;
  errors500: number;
  unavailable503: number;
}

export function newTally(): Tally {
  return { faults: [], attempts: 0, acknowledged: 0, lost: 0, duplicated: 0, phantom: 0, errors500: 0, unavailable503: 0 };
}

export type Target = Server | string;

/** One add of one item with its own Idempotency-Key, recorded in `attempt`. */
export async function sendAdd(target: Target, apiKey: string, listId: string, attempt: AddAttempt): Promise<void> {
  try {
    const res = await request(target)
      .post('/v1/actions/add')
      .set('X-API-Key', apiKey)
      .set('Idempotency-Key', attempt.key)
      .timeout(REQUEST_BOUND_MS)
      .send({ list: listId, items: [attempt.text] });
    attempt.statuses.push(res.status);
    if (res.status === 200) attempt.reportedIds.push(...res.body.data.items.map((item: { id: string }) => item.id));
    if (res.status !== 200 && res.status !== 503) {
      throw new Error(`add ${attempt.key} answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    if (res.status === 503 && (res.body?.data !== null || typeof res.body?.error !== 'string')) {
      throw new Error(`a 503 without the envelope: ${JSON.stringify(res.body)}`);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A killed service resets its connections: that is "no answer", which the retry settles.
    if (code === 'ECONNRESET' || code === 'ECONNREFUSED' || code === 'EPIPE' || (error as Error).message === 'socket hang up') {
      attempt.statuses.push(0);
      return;
    }
    throw error;
  }
}

export function makeAttempts(prefix: string, count: number): AddAttempt[] {
  return Array.from({ length: count }, (_, i) => ({ key: `${prefix}-${i}`, text: `${prefix} item ${i}`, statuses: [], reportedIds: [] }));
}

/**
 * After the fault has healed: retries every attempt that got no 200 with the same key
 * (a client following API.md section 6), then checks the database against what was
 * reported. Every attempt must end acknowledged, stored exactly once, with every id
 * any answer reported present, and the list's counters exact.
 */
export async function reconcile(
  target: Target,
  apiKey: string,
  listId: string,
  attempts: AddAttempt[],
  db: pg.Client,
  tally: Tally,
): Promise<void> {
  for (const attempt of attempts) {
    if (!attempt.statuses.includes(200)) await sendAdd(target, apiKey, listId, attempt);
    // A second retry of an acknowledged key must replay the same items.
    await sendAdd(target, apiKey, listId, attempt);
  }
  const { rows } = await db.query<{ id: string; text: string }>('SELECT id, text FROM items WHERE list_id = $1', [listId]);
  const byText = new Map<string, string[]>();
  for (const row of rows) byText.set(row.text, [...(byText.get(row.text) ?? []), row.id]);
  const stored = new Set(rows.map((row) => row.id));

  for (const attempt of attempts) {
    tally.attempts += 1;
    tally.errors500 += attempt.statuses.filter((status) => status >= 500 && status !== 503).length;
    tally.unavailable503 += attempt.statuses.filter((status) => status === 503).length;
    if (attempt.statuses.includes(200)) tally.acknowledged += 1;
    const ids = byText.get(attempt.text) ?? [];
    if (ids.length === 0) tally.lost += 1;
    if (ids.length > 1) tally.duplicated += 1;
    if (attempt.reportedIds.some((id) => !stored.has(id)) || new Set(attempt.reportedIds).size > 1) tally.phantom += 1;
  }
  const [counters] = (
    await db.query(
      `SELECT l.item_count, l.open_item_count,
              (SELECT count(*)::int FROM items i WHERE i.list_id = l.id) AS actual,
              (SELECT count(*)::int FROM items i WHERE i.list_id = l.id AND NOT i.completed) AS actual_open
         FROM lists l WHERE l.id = $1`,
      [listId],
    )
  ).rows;
  if (counters.item_count !== counters.actual || counters.open_item_count !== counters.actual_open) {
    throw new Error(`list counters drifted: ${JSON.stringify(counters)}`);
  }
}

export function printTally(tally: Tally): string {
  const line =
    `[faults] injected: ${tally.faults.join(', ')} | adds: ${tally.attempts} | acknowledged: ${tally.acknowledged} | ` +
    `lost: ${tally.lost} | duplicated: ${tally.duplicated} | phantom replays: ${tally.phantom} | ` +
    `503s: ${tally.unavailable503} | 500s: ${tally.errors500}\n`;
  process.stdout.write(line);
  return line;
}
