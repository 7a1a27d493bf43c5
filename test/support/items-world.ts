import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Scope } from '../../src/common/auth/scopes';
import { makeUserWithKey } from '../factories/make-user';
import type { TestApp } from './test-app';

export interface Person {
  id: string;
  key: string;
}

export interface ListRef {
  id: string;
  name: string;
}

/**
 * What the items specs need around them, made through the public API wherever the API
 * can make it: people with keys, lists (POST /v1/lists), and members (share links). `t` is
 * read at call time, so this may be made before the app has started (useTestApp).
 */
export function itemsWorld(t: Pick<TestApp, 'app' | 'server'>) {
  const dataSource = () => t.app.get(DataSource);

  const person = async (): Promise<Person> => {
    const { user, key } = await makeUserWithKey(t.app);
    return { id: user.id, key };
  };

  /** Requests as one person; `headers` e.g. an Idempotency-Key. */
  const as = (who: Pick<Person, 'key'>) => ({
    get: (path: string) => request(t.server).get(path).set('X-API-Key', who.key),
    post: (path: string, body?: object, headers: Record<string, string> = {}) => {
      const req = request(t.server).post(path).set('X-API-Key', who.key).set(headers);
      return body === undefined ? req : req.send(body);
    },
  });

  /** One of the four actions as `who`, expecting `status`: the response, for its body. */
  const act = (who: Pick<Person, 'key'>, action: string, body: object, status: number) =>
    as(who).post(`/v1/actions/${action}`, body).expect(status);

  const newList = async (owner: Person, name = `list ${Math.random().toString(36).slice(2, 10)}`): Promise<ListRef> => {
    const res = await as(owner).post('/v1/lists', { name });
    if (res.status !== 200) throw new Error(`POST /v1/lists → ${res.status}: ${res.body.error}`);
    return { id: res.body.data.list.id, name: res.body.data.list.name };
  };

  /** Makes `joiner` a member of the list with `role`, through a share link. */
  const share = async (owner: Person, list: ListRef, role: 'editor' | 'viewer', joiner: Person): Promise<void> => {
    const link = await as(owner).post(`/v1/lists/${list.id}/shares`, { role });
    if (link.status !== 200) throw new Error(`share → ${link.status}: ${link.body.error}`);
    const joined = await as(joiner).post(`/v1/shares/${link.body.data.share.token}/join`);
    if (joined.status !== 200) throw new Error(`join → ${joined.status}: ${joined.body.error}`);
  };

  /** An owner with a list that an editor and a viewer belong to, plus a stranger. */
  const team = async () => {
    const [owner, editor, viewer, stranger] = await Promise.all([person(), person(), person(), person()]);
    const list = await newList(owner);
    await share(owner, list, 'editor', editor);
    await share(owner, list, 'viewer', viewer);
    return { owner, editor, viewer, stranger, list };
  };

  /** A person whose key holds only `scopes` (granular keys cannot be made through the API yet). */
  const personWithScopes = async (scopes: Scope[]): Promise<Person> => {
    const { user, key, keyId } = await makeUserWithKey(t.app);
    await dataSource().query('UPDATE api_keys SET scopes = $2 WHERE id = $1', [keyId, scopes]);
    return { id: user.id, key };
  };

  const add = async (who: Person, list: ListRef, items: string[]) => {
    const res = await as(who).post('/v1/actions/add', { list: list.id, items });
    if (res.status !== 200) throw new Error(`add → ${res.status}: ${res.body.error}`);
    return res.body.data.items as Array<{ id: string; text: string; completed: boolean }>;
  };

  /** The list's counters and updated_at, straight from the row the items module keeps exact. */
  const counters = async (list: ListRef) => {
    const [row] = await dataSource().query('SELECT item_count, open_item_count, updated_at FROM lists WHERE id = $1', [list.id]);
    return { item_count: row.item_count as number, open_item_count: row.open_item_count as number, updated_at: row.updated_at as Date };
  };

  /** Every item of the list, walking all pages. */
  const allItems = async (who: Person, list: ListRef, query = '') => {
    const items: Array<{ id: string; text: string; completed: boolean }> = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${cursor}` : '';
      const res = await as(who).get(`/v1/lists/${list.id}/items?limit=500${query}${suffix}`);
      if (res.status !== 200) throw new Error(`GET items → ${res.status}: ${res.body.error}`);
      items.push(...res.body.data.items);
      cursor = res.body.data.next_cursor;
    } while (cursor);
    return items;
  };

  /** Fills a list straight through SQL (the API would need 100 adds per 10,000 items), keeping its counters right. */
  const fillDirectly = async (list: Pick<ListRef, 'id'>, userId: string, count: number): Promise<void> => {
    await dataSource().query(
      `INSERT INTO items (id, list_id, text, text_key, created_at, created_by)
       SELECT gen_random_uuid(), $1, 'filler ' || n, 'filler ' || n, now(), $2 FROM generate_series(1, $3) AS n`,
      [list.id, userId, count],
    );
    await dataSource().query('UPDATE lists SET item_count = item_count + $2, open_item_count = open_item_count + $2 WHERE id = $1', [
      list.id,
      count,
    ]);
  };

  return { dataSource, person, as, act, newList, share, team, personWithScopes, add, counters, allItems, fillDirectly };
}

export const ISO_WITH_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
