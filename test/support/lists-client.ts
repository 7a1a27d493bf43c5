import type { INestApplication } from '@nestjs/common';
import { NodeSecretGenerator } from '../../src/common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../src/common/crypto/sha256-token-hasher';
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import type { Scope } from '../../src/common/auth/scopes';
import { ApiKey } from '../../src/modules/keys/domain/api-key';
import { makeUserWithKey } from '../factories/make-user';
import type { TestApp } from './test-app';

/** A signed-up account with a full key, as the lists specs use it. */
export interface Caller {
  id: string;
  email: string;
  username: string;
  name: string;
  key: string;
}

export async function makeCaller(app: INestApplication, overrides: { email?: string } = {}): Promise<Caller> {
  const { user, key } = await makeUserWithKey(app, overrides);
  return { id: user.id, email: user.email, username: user.username, name: user.name, key };
}

/** HTTP calls with one caller's key. */
export function client(server: Server, key: string) {
  const auth = <T extends request.Test>(req: T) => req.set('X-API-Key', key);
  return {
    get: (path: string) => auth(request(server).get(path)),
    post: (path: string, body?: object) => {
      const req = auth(request(server).post(path));
      return body === undefined ? req : req.send(body);
    },
    patch: (path: string, body: object) => auth(request(server).patch(path)).send(body),
    delete: (path: string) => auth(request(server).delete(path)),
  };
}
export type Client = ReturnType<typeof client>;

/** A key of `userId` holding only `scopes` (granular keys cannot be made through the API yet). */
export async function keyWithScopes(app: INestApplication, userId: string, scopes: Scope[]): Promise<string> {
  const { key, secret } = ApiKey.issue(
    { id: randomUUID(), userId, label: 'narrow', now: new Date() },
    new NodeSecretGenerator(),
    new Sha256TokenHasher(),
  );
  const props = key.toProps();
  await app.get(DataSource).query(
    `INSERT INTO api_keys (id, user_id, label, prefix, last4, key_hash, scopes, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', now())`,
    [props.id, props.userId, props.label, props.prefix, props.last4, props.keyHash, scopes],
  );
  return secret;
}

/** The `{id, username, name}` a caller is shown as in lists, members and invitations. */
export const summary = (c: Caller) => ({ id: c.id, username: c.username, name: c.name });

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export type Role = 'editor' | 'viewer';

/**
 * What the lists, invitations and shares specs need around them, made through the public API
 * wherever it can make it: requests as a caller, lists, members (through share links) and
 * their roles. `t` is read at call time, so this may be made before the app has started
 * (useTestApp).
 */
export function listsWorld(t: Pick<TestApp, 'app' | 'server'>) {
  const as = (c: Caller): Client => client(t.server, c.key);

  const createList = async (c: Caller, name = `List ${randomBytes(4).toString('hex')}`) =>
    (await as(c).post('/v1/lists', { name }).expect(200)).body.data.list;

  /** Makes `member` a member with `role`, through a share link of the owner's. */
  const addMember = async (owner: Caller, listId: string, member: Caller, role: Role): Promise<void> => {
    const share = (await as(owner).post(`/v1/lists/${listId}/shares`, { role }).expect(200)).body.data.share;
    await as(member).post(`/v1/shares/${share.token}/join`).expect(200);
  };

  /** An owner with a list (named `name`) that an editor and a viewer belong to, plus a stranger. */
  const team = async (name = 'Team list') => {
    const [owner, editor, viewer, stranger] = await Promise.all([0, 1, 2, 3].map(() => makeCaller(t.app)));
    const list = await createList(owner, name);
    await addMember(owner, list.id, editor, 'editor');
    await addMember(owner, list.id, viewer, 'viewer');
    return { owner, editor, viewer, stranger, list };
  };

  const membersOf = async (owner: Caller, listId: string) =>
    (await as(owner).get(`/v1/lists/${listId}/members`).expect(200)).body.data.members as Array<{ user: { id: string }; role: string }>;

  /** The members as `[user id, role]`, in the order the API gives them. */
  const memberRoles = async (owner: Caller, listId: string) => (await membersOf(owner, listId)).map((m) => [m.user.id, m.role]);

  /** Adds `n` members to a list directly in the database (accounts made there too: signing up is slow on purpose). */
  const fillWithMembers = async (listId: string, n: number): Promise<void> => {
    const tag = randomBytes(4).toString('hex');
    await t.app.get(DataSource).query(
      `WITH u AS (
         INSERT INTO users (id, email, username, name, password_hash, created_at)
         SELECT gen_random_uuid(), 'fill_${tag}_' || n || '@example.test', 'fill_${tag}_' || n, 'Filler ' || n, 'x', now()
         FROM generate_series(1, $2::int) AS n RETURNING id)
       INSERT INTO list_members (list_id, user_id, role, joined_at) SELECT $1, u.id, 'viewer', now() FROM u`,
      [listId, n],
    );
  };

  return {
    as,
    caller: (overrides?: { email?: string }) => makeCaller(t.app, overrides),
    createList,
    addMember,
    team,
    membersOf,
    memberRoles,
    fillWithMembers,
  };
}
