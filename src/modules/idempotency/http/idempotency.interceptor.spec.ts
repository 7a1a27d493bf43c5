import { Body, CanActivate, Controller, ExecutionContext, Module, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, INTERCEPTORS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { APP_FILTER, APP_GUARD, APP_PIPE, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiOperation } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { AddressInfo } from 'node:net';
import { EnvelopeExpressAdapter } from '../../../common/http/envelope-adapter';
import { EnvelopeExceptionFilter } from '../../../common/http/envelope.filter';
import { REQUIRED_SCOPE, RequireScope } from '../../../common/http/decorators';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import type { RequestWithPrincipal } from '../../../common/http/principal';
import { shownOnce } from '../../../common/http/shown-once';
import { createValidationPipe } from '../../../common/http/validation';
import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { IdempotencyService } from '../domain/idempotency.service';
import { IDEMPOTENT_POST_METADATA, IdempotentPost, REPLAYED_HEADER } from '../idempotent-post';
import { fingerprintRequest } from '../idempotent-request';
import { InMemoryIdempotencyRepository } from '../infrastructure/in-memory/in-memory-idempotency.repository';
import { IdempotencyInterceptor } from './idempotency.interceptor';

class ThingDto {
  @IsString()
  @MaxLength(10)
  name!: string;
}

let calls = 0;
const made = (name: string) => {
  calls += 1;
  return { thing: shownOnce({ name, token: null }, { token: `secret-${calls}` }), call: calls };
};

/** The same route twice: @IdempotentPost above the other decorators, and below them. */
@Controller('v1')
class ThingsController {
  @IdempotentPost('topmost', { showsSecretOnce: true })
  @RequireScope('lists:write')
  @ApiOperation({ summary: 'topmost' })
  topmost(@Body() body: ThingDto) {
    return Promise.resolve(made(body.name));
  }

  @RequireScope('lists:write')
  @ApiOperation({ summary: 'bottommost' })
  @IdempotentPost('bottommost', { showsSecretOnce: true })
  bottommost(@Body() body: ThingDto) {
    return Promise.resolve(made(body.name));
  }

  @IdempotentPost('empty')
  empty(@Body(NoFieldsPipe) _body: unknown) {
    calls += 1;
    return Promise.resolve(undefined);
  }

  @IdempotentPost('named', { operation: 'things.named' })
  named(@Body() body: ThingDto) {
    return Promise.resolve(made(body.name));
  }
}

/** A caller for every request but those that say `x-anonymous` (a route outside /v1/ has none). */
class Caller implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<RequestWithPrincipal & { headers: Record<string, string> }>();
    if (!request.headers['x-anonymous']) request.principal = { userId: 'u1' } as RequestWithPrincipal['principal'];
    return true;
  }
}

describe('@IdempotentPost and IdempotencyInterceptor', () => {
  let app: NestExpressApplication;
  let url: string;
  let service: IdempotencyService;

  beforeAll(async () => {
    service = new IdempotencyService(new InMemoryIdempotencyRepository(), new InMemoryUnitOfWork(), new FakeClock());
    @Module({
      controllers: [ThingsController],
      providers: [
        { provide: IdempotencyService, useValue: service },
        { provide: APP_GUARD, useClass: Caller },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
      ],
    })
    class Things {}
    app = await NestFactory.create<NestExpressApplication>(Things, new EnvelopeExpressAdapter(), { logger: false });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());
  beforeEach(() => (calls = 0));

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${url}/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: answer.status, replayed: answer.headers.get(REPLAYED_HEADER), body: (await answer.json()) as unknown };
  };
  const withKey = (key: string) => ({ 'idempotency-key': key });
  let keys = 0;
  const newKey = () => `key-${(keys += 1)}`;

  describe.each(['topmost', 'bottommost'])('declared %s', (route) => {
    it('keeps every decorator of the route: path, POST, 200, scope, the interceptor and its options', () => {
      const handler = Object.getOwnPropertyDescriptor(ThingsController.prototype, route)!.value as object;
      expect(Reflect.getMetadata(PATH_METADATA, handler)).toBe(route);
      expect(Reflect.getMetadata(METHOD_METADATA, handler)).toBe(RequestMethod.POST);
      expect(Reflect.getMetadata(HTTP_CODE_METADATA, handler)).toBe(200);
      expect(Reflect.getMetadata(REQUIRED_SCOPE, handler)).toBe('lists:write');
      expect(Reflect.getMetadata('swagger/apiSecurity', handler)).toEqual([{ ApiKey: ['lists:write'] }]);
      expect(Reflect.getMetadata('swagger/apiOperation', handler)).toEqual(expect.objectContaining({ summary: route }));
      expect(Reflect.getMetadata(INTERCEPTORS_METADATA, handler)).toEqual([IdempotencyInterceptor]);
      expect(Reflect.getMetadata(IDEMPOTENT_POST_METADATA, handler)).toEqual({ showsSecretOnce: true });
    });

    it('runs the handler as it is without a key, and reveals a secret shown once', async () => {
      expect(await post(route, { name: 'n' })).toEqual({
        status: 200,
        replayed: null,
        body: { data: { thing: { name: 'n', token: 'secret-1' }, call: 1 }, error: null },
      });
      expect((await post(route, { name: 'n' })).body).toEqual({ data: { thing: { name: 'n', token: 'secret-2' }, call: 2 }, error: null });
    });

    it('replays the first answer for the same key and body, with the secret left out of the replay', async () => {
      const key = newKey();
      expect((await post(route, { name: 'n' }, withKey(key))).body).toEqual({
        data: { thing: { name: 'n', token: 'secret-1' }, call: 1 },
        error: null,
      });
      expect(await post(route, { name: 'n' }, withKey(key))).toEqual({
        status: 200,
        replayed: 'true',
        body: { data: { thing: { name: 'n', token: null }, call: 1 }, error: null },
      });
      expect(calls).toBe(1);
    });

    it('refuses the key with another body or path (422) and a key of the wrong length (400), running nothing', async () => {
      const key = newKey();
      await post(route, { name: 'a' }, withKey(key));
      expect((await post(route, { name: 'b' }, withKey(key))).status).toBe(422);
      expect((await post(route === 'topmost' ? 'bottommost' : 'topmost', { name: 'a' }, withKey(key))).status).toBe(422);
      expect(await post(route, { name: 'a' }, withKey('k'.repeat(256)))).toEqual({
        status: 400,
        replayed: null,
        body: { data: null, error: 'Idempotency-Key must be 1-255 characters (got 256)' },
      });
      expect(calls).toBe(1);
    });

    it('judges the body before the key: a refused body is its 400 whatever the key, and the key stays as it was', async () => {
      const key = newKey();
      await post(route, { name: 'a' }, withKey(key));
      const refused = { status: 400, replayed: null, body: { data: null, error: 'name must be shorter than or equal to 10 characters' } };
      expect(await post(route, { name: 'far too long' }, withKey(key))).toEqual(refused);
      expect(await post(route, { name: 'far too long' }, withKey('k'.repeat(256)))).toEqual(refused);
      expect(await post(route, { name: 'far too long' }, withKey(newKey()))).toEqual(refused);
      expect((await post(route, { name: 'a' }, withKey(key))).replayed).toBe('true');
      expect(calls).toBe(1);
    });
  });

  it("judges a body by the parameter's own pipes too, and stores an answer of nothing as {}", async () => {
    const key = newKey();
    expect(await post('empty', { extra: 1 }, withKey(key))).toEqual({
      status: 400,
      replayed: null,
      body: { data: null, error: 'property extra should not exist' },
    });
    expect(await post('empty', {}, withKey(key))).toEqual({ status: 200, replayed: null, body: { data: {}, error: null } });
    expect(await post('empty', {}, withKey(key))).toEqual({ status: 200, replayed: 'true', body: { data: {}, error: null } });
    expect(calls).toBe(1);
  });

  it('looks at no key on a request without a caller (not a /v1/ request)', async () => {
    const anonymous = { ...withKey('same'), 'x-anonymous': '1' };
    await post('topmost', { name: 'a' }, anonymous);
    expect((await post('topmost', { name: 'a' }, anonymous)).replayed).toBeNull();
    expect(calls).toBe(2);
  });

  it("fingerprints a named route's requests under its name, so another caller of the operation shares its records", async () => {
    const key = newKey();
    const first = await post('named', { name: 'a' }, withKey(key));
    const outcome = await service.execute({ userId: 'u1', key, fingerprint: fingerprintRequest('things.named', { name: 'a' }) }, () =>
      Promise.reject(new Error('runs nothing')),
    );
    expect(outcome).toEqual({ replayed: true, response: (first.body as { data: unknown }).data });
    expect((await post('named?x=1', { name: 'a' }, withKey(key))).status).toBe(422);
  });
});
