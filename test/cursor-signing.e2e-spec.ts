import { client, makeCaller } from './support/lists-client';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Cursors are signed (API.md section 6: a cursor the service did not issue is a 400), with one
 * key for every instance of a deployment: CURSOR_SECRET, or else one kept in the database.
 */
describe('cursor signing across instances', () => {
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string | undefined> = {}) => {
    const t = await startTestApp(env);
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  async function firstPage(t: TestApp, key: string, listId: string): Promise<string> {
    const res = await client(t.server, key).get(`/v1/lists/${listId}/items?limit=1`).expect(200);
    return res.body.data.next_cursor;
  }

  it('lets any instance sharing the database serve a cursor another one issued, without configuration', async () => {
    const a = await start({ CURSOR_SECRET: undefined });
    const b = await start({ CURSOR_SECRET: undefined });
    const ada = await makeCaller(a.app);
    const list = (await client(a.server, ada.key).post('/v1/lists', { name: 'Shared cursor' }).expect(200)).body.data.list;
    await client(a.server, ada.key)
      .post('/v1/actions/add', { list: list.id, items: ['one', 'two'] })
      .expect(200);
    const cursor = await firstPage(a, ada.key, list.id);
    const next = await client(b.server, ada.key).get(`/v1/lists/${list.id}/items?limit=1&cursor=${cursor}`).expect(200);
    expect(next.body.data.items.map((i: { text: string }) => i.text)).toEqual(['two']);
  });

  it('signs with CURSOR_SECRET when set: instances with the same value agree, a different key refuses (400)', async () => {
    const secret = 'x'.repeat(40);
    const a = await start({ CURSOR_SECRET: secret });
    const b = await start({ CURSOR_SECRET: secret });
    const other = await start({ CURSOR_SECRET: undefined });
    const ada = await makeCaller(a.app);
    const list = (await client(a.server, ada.key).post('/v1/lists', { name: 'Configured cursor' }).expect(200)).body.data.list;
    await client(a.server, ada.key)
      .post('/v1/actions/add', { list: list.id, items: ['one', 'two'] })
      .expect(200);
    const cursor = await firstPage(a, ada.key, list.id);
    await client(b.server, ada.key).get(`/v1/lists/${list.id}/items?limit=1&cursor=${cursor}`).expect(200);
    const refused = await client(other.server, ada.key).get(`/v1/lists/${list.id}/items?limit=1&cursor=${cursor}`).expect(400);
    expect(refused.body).toEqual({ data: null, error: expect.stringMatching(/cursor is invalid/) });
  });
});
