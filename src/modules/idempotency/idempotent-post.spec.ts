import { Body, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { REQUIRED_SCOPE, RequireScope } from '../../common/http/decorators';
import { shownOnce } from '../../common/http/shown-once';
import { FakeClock } from '../../common/testing/fake-clock';
import { InMemoryUnitOfWork } from '../../common/testing/in-memory-unit-of-work';
import { IdempotencyKeyReused, InvalidIdempotencyKey } from './domain/idempotency.errors';
import { IdempotencyService } from './domain/idempotency.service';
import { InMemoryIdempotencyRepository } from './infrastructure/in-memory/in-memory-idempotency.repository';
import { IDEMPOTENT_POST_METADATA, IdempotentPost, REPLAYED_HEADER, serveIdempotency } from './idempotent-post';

class SecretsController {
  calls = 0;

  @IdempotentPost('things', { showsSecretOnce: true })
  @RequireScope('lists:write')
  async create(@Body() body: { name: string }) {
    this.calls += 1;
    return { thing: shownOnce({ name: body.name, token: null }, { token: `secret-${this.calls}` }) };
  }

  @IdempotentPost('plain')
  plain(@Body() body: { name: string }) {
    this.calls += 1;
    return Promise.resolve({ name: body.name, call: this.calls });
  }
}

describe('@IdempotentPost', () => {
  const app = {};
  let controller: SecretsController;
  let headers: Record<string, string>;

  const requestWith = (idempotencyKey?: string, body: object = { name: 'n' }, principal: object | null = { userId: 'u1' }) => ({
    app,
    method: 'POST',
    originalUrl: '/v1/things',
    body,
    principal: principal ?? undefined,
    headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
    res: { setHeader: (name: string, value: string) => (headers[name] = value) },
  });
  type Call = (body: object, request: object) => Promise<unknown>;
  const create = (request: ReturnType<typeof requestWith>) =>
    (controller.create as unknown as Call).call(controller, request.body, request);
  const plain = (request: ReturnType<typeof requestWith>) => (controller.plain as unknown as Call).call(controller, request.body, request);

  beforeEach(() => {
    serveIdempotency(app, new IdempotencyService(new InMemoryIdempotencyRepository(), new InMemoryUnitOfWork(), new FakeClock()));
    controller = new SecretsController();
    headers = {};
  });

  it('keeps the route, its scope and its parameters, and hands the handler its request behind them', () => {
    const handler = Object.getOwnPropertyDescriptor(SecretsController.prototype, 'create')!.value as object;
    expect(Reflect.getMetadata(PATH_METADATA, handler)).toBe('things');
    expect(Reflect.getMetadata(METHOD_METADATA, handler)).toBe(RequestMethod.POST);
    expect(Reflect.getMetadata(REQUIRED_SCOPE, handler)).toBe('lists:write');
    expect(Reflect.getMetadata('swagger/apiSecurity', handler)).toEqual([{ ApiKey: ['lists:write'] }]);
    expect(Reflect.getMetadata(IDEMPOTENT_POST_METADATA, handler)).toEqual({ showsSecretOnce: true });
    expect((handler as { name: string }).name).toBe('create');
    const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, SecretsController, 'create') as Record<string, { index: number }>;
    expect(Object.entries(args).map(([type, { index }]) => [type.split(':')[0], index])).toEqual(
      expect.arrayContaining([
        [String(RouteParamtypes.BODY), 0],
        [String(RouteParamtypes.REQUEST), 1],
      ]),
    );
  });

  it('runs the handler as it is without a key, and reveals a secret shown once', async () => {
    expect(await create(requestWith())).toEqual({ thing: { name: 'n', token: 'secret-1' } });
    expect(await plain(requestWith())).toEqual({ name: 'n', call: 2 });
    expect(headers).toEqual({});
  });

  it('replays the first answer for the same key and body, with the secret left out of the replay', async () => {
    expect(await create(requestWith('k1'))).toEqual({ thing: { name: 'n', token: 'secret-1' } });
    expect(await create(requestWith('k1'))).toEqual({ thing: { name: 'n', token: null } });
    expect(headers).toEqual({ [REPLAYED_HEADER]: 'true' });
    expect(controller.calls).toBe(1);
  });

  it('refuses the key with another body and a key of the wrong length, running nothing', async () => {
    await plain(requestWith('k2', { name: 'a' }));
    await expect(plain(requestWith('k2', { name: 'b' }))).rejects.toBeInstanceOf(IdempotencyKeyReused);
    await expect(plain(requestWith('k'.repeat(256)))).rejects.toBeInstanceOf(InvalidIdempotencyKey);
    expect(controller.calls).toBe(1);
  });

  it('looks at no key on a request without a caller (not a /v1/ request)', async () => {
    await plain(requestWith('k3', { name: 'a' }, null));
    await plain(requestWith('k3', { name: 'a' }, null));
    expect(controller.calls).toBe(2);
    expect(headers).toEqual({});
  });

  it('fails loudly in an application whose IdempotencyModule did not register its service', async () => {
    const elsewhere = { ...requestWith('k4'), app: {} };
    await expect(plain(elsewhere)).rejects.toThrow(/no IdempotencyService/);
    expect(controller.calls).toBe(0);
  });
});
