import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import type { Scope } from '../../src/common/auth/scopes';
import { ApiKey } from '../../src/modules/keys/domain/api-key';
import { makeUserWithKey } from '../factories/make-user';

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
  const { key, secret } = ApiKey.issue({ id: randomUUID(), userId, label: 'narrow', now: new Date() });
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
