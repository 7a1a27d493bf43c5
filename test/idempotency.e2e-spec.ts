import { randomUUID } from 'node:crypto';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { IDEMPOTENT_POST_METADATA } from '../src/modules/idempotency/idempotent-post';
import { IdempotencyJanitor } from '../src/modules/idempotency/infrastructure/idempotency-janitor';
import { makeUserWithKey } from './factories/make-user';
import { itemsWorld, Person } from './support/items-world';
import { NO_RATE_LIMIT, useTestApp } from './support/test-app';

/**
 * Idempotency-Key over HTTP (API.md section 6): the first success is stored for 24 hours
 * per account and replayed with `Idempotent-Replayed: true`; another path or body with
 * the key is a 422; errors are not stored; every POST /v1/ route takes it; expired
 * records are swept. Concurrent repeats are in items-concurrency.e2e-spec.ts.
 */
describe('Idempotency-Key (e2e)', () => {
  const t = useTestApp(NO_RATE_LIMIT);
  const w = itemsWorld(t);

  const key = () => `key-${randomUUID()}`;
  const withKey = (who: Person, path: string, body: object | undefined, idempotencyKey: string) =>
    w.as(who).post(path, body, { 'Idempotency-Key': idempotencyKey });
  const records = async (userId: string) =>
    w
      .dataSource()
      .query<Array<{ key: string; created_at: Date }>>('SELECT key, created_at FROM idempotency_keys WHERE user_id = $1 ORDER BY key', [
        userId,
      ]);

  it('replays the first success byte for byte with Idempotent-Replayed: true, changing nothing', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const k = key();
    const body = { list: list.id, items: ['milk', 'bread'] };
    const first = await withKey(owner, '/v1/actions/add', body, k).expect(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await withKey(owner, '/v1/actions/add', body, k).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.body.data.items).toHaveLength(2);
    // The order of fields is not what makes a request different.
    const reordered = await withKey(owner, '/v1/actions/add', { items: ['milk', 'bread'], list: list.id }, k).expect(200);
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(reordered.body).toEqual(first.body);
    expect(await w.counters(list)).toMatchObject({ item_count: 2, open_item_count: 2 });
    // Without the key, add is not idempotent; with a new key, it runs again.
    await w.as(owner).post('/v1/actions/add', body).expect(200);
    const fresh = await withKey(owner, '/v1/actions/add', body, key()).expect(200);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect((await w.counters(list)).item_count).toBe(6);
  });

  it('replays the stored response even after the list has changed since', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const k = key();
    const first = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['once'] }, k).expect(200);
    await w
      .as(owner)
      .post('/v1/actions/remove', { list: list.id, items: ['once'] })
      .expect(200);
    const again = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['once'] }, k).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await w.allItems(owner, list)).toEqual([]);
  });

  it('refuses the key with another body or another path (422), changing nothing, and still replays the original', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const k = key();
    const first = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['tea'] }, k).expect(200);
    const otherBody = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['coffee'] }, k).expect(422);
    expect(otherBody.body).toEqual({ data: null, error: expect.stringMatching(/Idempotency-Key.*different request/) });
    expect(otherBody.headers['idempotent-replayed']).toBeUndefined();
    await withKey(owner, '/v1/actions/complete', { list: list.id, items: ['tea'] }, k).expect(422);
    await withKey(owner, '/v1/lists', { name: 'another path' }, k).expect(422);
    expect((await w.allItems(owner, list)).map((i) => [i.text, i.completed])).toEqual([['tea', false]]);
    expect((await w.as(owner).get('/v1/lists').expect(200)).body.data.lists).toHaveLength(1);
    const again = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['tea'] }, k).expect(200);
    expect(again.text).toBe(first.text);
  });

  it('judges the body before the key: a refused body is a 400 even with a key already used for another request', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const k = key();
    const first = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['tea'] }, k).expect(200);
    const badBody = await withKey(owner, '/v1/actions/add', { list: list.id, items: [] }, k).expect(400);
    expect(badBody.body).toEqual({ data: null, error: expect.stringMatching(/items/) });
    expect(badBody.headers['idempotent-replayed']).toBeUndefined();
    const again = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['tea'] }, k).expect(200);
    expect(again.text).toBe(first.text);
    expect((await w.counters(list)).item_count).toBe(1);
  });

  it('keeps keys per account: another account with the same key runs its own request', async () => {
    const [alice, bob] = await Promise.all([w.person(), w.person()]);
    const k = key();
    const a = await withKey(alice, '/v1/lists', { name: 'Same name' }, k).expect(200);
    const b = await withKey(bob, '/v1/lists', { name: 'Same name' }, k).expect(200);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body.data.list.id).not.toBe(a.body.data.list.id);
    expect(b.body.data.list.owner.id).toBe(bob.id);
    // Bob's key with another body is his own business, not a clash with Alice's.
    const list = await w.newList(alice);
    await withKey(alice, '/v1/actions/add', { list: list.id, items: ['x'] }, 'shared-key').expect(200);
    await withKey(bob, '/v1/actions/add', { list: list.id, items: ['x'] }, 'shared-key').expect(404);
    expect((await w.counters(list)).item_count).toBe(1);
  });

  it('stores no error: after a 400, 403, 404 or 422 the same key runs the fixed request', async () => {
    const [owner, viewer] = await Promise.all([w.person(), w.person()]);
    const list = await w.newList(owner, 'Fixable');
    await w.share(owner, list, 'viewer', viewer);
    const k = key();
    await withKey(owner, '/v1/actions/add', { list: list.id, items: [''] }, k).expect(400);
    await withKey(owner, '/v1/actions/add', { list: 'no such list', items: ['x'] }, k).expect(404);
    await withKey(owner, '/v1/lists', { name: 'Fixable' }, k).expect(422);
    expect(await records(owner.id)).toEqual([]);
    const fixed = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['x'] }, k).expect(200);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect((await withKey(owner, '/v1/actions/add', { list: list.id, items: ['x'] }, k).expect(200)).headers['idempotent-replayed']).toBe(
      'true',
    );

    const vk = key();
    await withKey(viewer, '/v1/actions/add', { list: list.id, items: ['y'] }, vk).expect(403);
    const own = await w.newList(viewer);
    await withKey(viewer, '/v1/actions/add', { list: own.id, items: ['y'] }, vk).expect(200);
    expect((await w.counters(list)).item_count).toBe(1);
    expect((await records(viewer.id)).map((r) => r.key)).toEqual([vk]);
  });

  it('takes a key of 1-255 characters; an empty or longer one is a 400 that changes nothing', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const longest = 'k'.repeat(255);
    await withKey(owner, '/v1/actions/add', { list: list.id, items: ['a'] }, longest).expect(200);
    expect(
      (await withKey(owner, '/v1/actions/add', { list: list.id, items: ['a'] }, longest).expect(200)).headers['idempotent-replayed'],
    ).toBe('true');
    const tooLong = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['a'] }, 'k'.repeat(256)).expect(400);
    expect(tooLong.body).toEqual({ data: null, error: expect.stringMatching(/Idempotency-Key.*1-255/) });
    await withKey(owner, '/v1/actions/add', { list: list.id, items: ['a'] }, '').expect(400);
    expect((await w.counters(list)).item_count).toBe(1);
  });

  it('covers every POST /v1/ route: lists, invitations, accepting, shares, joining and every action', async () => {
    const owner = await w.person();
    const replays = async (path: string, body?: object, shownOnce?: (data: { share: object }) => object) => {
      const k = key();
      const first = await withKey(owner, path, body, k);
      expect({ path, status: first.status }).toEqual({ path, status: 200 });
      const again = await withKey(owner, path, body, k).expect(200);
      expect({ path, replayed: again.headers['idempotent-replayed'] }).toEqual({ path, replayed: 'true' });
      // A secret shown once (a share token) is not stored, so the replay shows it as null.
      if (shownOnce) expect(again.body).toEqual({ data: shownOnce(first.body.data), error: null });
      else expect(again.text).toBe(first.text);
      return first.body.data;
    };

    const { list } = await replays('/v1/lists', { name: 'Idempotent list' });
    expect((await w.as(owner).get('/v1/lists').expect(200)).body.data.lists).toHaveLength(1);

    // Without the key, repeating these would be a 422 (pending invitation, already a member) or a 404.
    const invitee = await makeUserWithKey(t.app);
    const { invitation } = await replays(`/v1/lists/${list.id}/invitations`, { email: invitee.user.email, role: 'viewer' });
    const k = key();
    await request(t.server)
      .post(`/v1/invitations/${invitation.id}/accept`)
      .set('X-API-Key', invitee.key)
      .set('Idempotency-Key', k)
      .expect(200);
    const accepted = await request(t.server)
      .post(`/v1/invitations/${invitation.id}/accept`)
      .set('X-API-Key', invitee.key)
      .set('Idempotency-Key', k)
      .expect(200);
    expect(accepted.headers['idempotent-replayed']).toBe('true');

    const { share } = await replays(`/v1/lists/${list.id}/shares`, { role: 'editor' }, (data) => ({
      share: { ...data.share, token: null },
    }));
    expect((await w.as(owner).get(`/v1/lists/${list.id}/shares`).expect(200)).body.data.shares).toHaveLength(1);
    const joiner = await w.person();
    const jk = key();
    await withKey(joiner, `/v1/shares/${share.token}/join`, undefined, jk).expect(200);
    expect((await withKey(joiner, `/v1/shares/${share.token}/join`, undefined, jk).expect(200)).headers['idempotent-replayed']).toBe(
      'true',
    );
    expect((await w.as(owner).get(`/v1/lists/${list.id}/members`).expect(200)).body.data.members).toHaveLength(3);

    const ref = { id: list.id, name: list.name };
    await replays('/v1/actions/add', { list: list.id, items: ['a', 'b'] });
    await replays('/v1/actions/complete', { list: list.id, items: ['a'] });
    await replays('/v1/actions/reopen', { list: list.id, items: ['a'] });
    await replays('/v1/actions/remove', { list: list.id, items: ['b'] });
    expect((await w.allItems(owner, ref)).map((i) => [i.text, i.completed])).toEqual([['a', false]]);
    expect(await w.counters(ref)).toMatchObject({ item_count: 1, open_item_count: 1 });
  });

  it('is declared on every POST /v1/ route the application has (@IdempotentPost), and on no other route', async () => {
    const declared: string[] = [];
    const missing: string[] = [];
    const controllers = [...t.app.get(ModulesContainer).values()].flatMap((module) => [...module.controllers.values()]);
    for (const wrapper of controllers) {
      const controller = wrapper.metatype as (new () => unknown) | undefined;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const path = `/${[base, String(Reflect.getMetadata(PATH_METADATA, handler))].filter((p) => p && p !== '/').join('/')}`.replace(
          /\/+/g,
          '/',
        );
        const route = `${RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number]} ${path}`;
        const idempotent = Reflect.getMetadata(IDEMPOTENT_POST_METADATA, handler) !== undefined;
        const shouldBe = route.startsWith('POST /v1/');
        if (idempotent) declared.push(route);
        if (idempotent !== shouldBe) missing.push(`${route}: ${idempotent ? 'declared but not a POST /v1/ route' : 'not declared'}`);
      }
    }
    expect(missing).toEqual([]);
    expect(declared.length).toBeGreaterThanOrEqual(10);
  });

  it('counts a replay against the rate limit like any request', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const k = key();
    const remaining = (res: request.Response) => Number(/;r=(\d+);/.exec(String(res.headers['ratelimit']))?.[1]);
    const first = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['counted'] }, k).expect(200);
    const replay = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['counted'] }, k).expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(Number.isInteger(remaining(first))).toBe(true);
    expect(remaining(replay)).toBe(remaining(first) - 1);
    const refused = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['other'] }, k).expect(422);
    expect(remaining(refused)).toBe(remaining(first) - 2);
  });

  it('does not apply to other methods: a PATCH with a key runs each time', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const k = key();
    await w.as(owner).get(`/v1/lists/${list.id}`).set('Idempotency-Key', k).expect(200);
    const renamed = await request(t.server)
      .patch(`/v1/lists/${list.id}`)
      .set('X-API-Key', owner.key)
      .set('Idempotency-Key', k)
      .send({ name: 'First' })
      .expect(200);
    expect(renamed.headers['idempotent-replayed']).toBeUndefined();
    const again = await request(t.server)
      .patch(`/v1/lists/${list.id}`)
      .set('X-API-Key', owner.key)
      .set('Idempotency-Key', k)
      .send({ name: 'Second' })
      .expect(200);
    expect(again.body.data.list.name).toBe('Second');
    expect(await records(owner.id)).toEqual([]);
  });

  it('forgets a record after 24 hours: the key then runs a request again, whatever its body', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const k = key();
    await withKey(owner, '/v1/actions/add', { list: list.id, items: ['day one'] }, k).expect(200);
    await w
      .dataSource()
      .query(`UPDATE idempotency_keys SET created_at = now() - interval '24 hours 1 second' WHERE user_id = $1`, [owner.id]);
    const later = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['day two'] }, k).expect(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    const replay = await withKey(owner, '/v1/actions/add', { list: list.id, items: ['day two'] }, k).expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await w.allItems(owner, list)).map((i) => i.text)).toEqual(['day one', 'day two']);
  });

  it('has the janitor delete expired records and keep fresh ones', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const [old, recent] = [key(), key()];
    await withKey(owner, '/v1/actions/add', { list: list.id, items: ['old'] }, old).expect(200);
    await withKey(owner, '/v1/actions/add', { list: list.id, items: ['recent'] }, recent).expect(200);
    await w
      .dataSource()
      .query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1 AND key = $2`, [owner.id, old]);
    await w
      .dataSource()
      .query(`UPDATE idempotency_keys SET created_at = now() - interval '23 hours' WHERE user_id = $1 AND key = $2`, [owner.id, recent]);
    expect(await t.app.get(IdempotencyJanitor).sweep()).toBeGreaterThanOrEqual(1);
    expect((await records(owner.id)).map((r) => r.key)).toEqual([recent]);
    expect(
      (await withKey(owner, '/v1/actions/add', { list: list.id, items: ['recent'] }, recent).expect(200)).headers['idempotent-replayed'],
    ).toBe('true');
    expect((await w.counters(list)).item_count).toBe(2);
  });
});
