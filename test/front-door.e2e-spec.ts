import { mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ServiceProcess, spawnReady, stopInstances } from './support/service-process';
import { startTestApp, TestApp } from './support/test-app';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** A person opening the base URL lands somewhere useful. */
describe('the base URL, GET /', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('sends a browser on to the developer page', async () => {
    const res = await request(t.server).get('/').set('Accept', BROWSER_ACCEPT).expect(302);
    expect(res.headers.location).toBe('/developers');
    expect(res.headers.vary).toMatch(/Accept/);
  });

  it('tells any other client, in the envelope, where the page, the reference and the API are, and every link answers', async () => {
    const res = await request(t.server).get('/').expect(200); // supertest, like curl, sends no HTML preference
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      data: expect.objectContaining({
        links: { developers: '/developers', docs: '/docs', openapi: '/v1/openapi.json', api: '/v1/', health: '/health/ready' },
      }),
      error: null,
    });
    for (const path of ['/developers', '/docs', '/v1/openapi.json', '/health/ready']) {
      expect([path, (await request(t.server).get(path)).status]).toEqual([path, 200]);
    }
  });
});

/** HOST: the service listens on 127.0.0.1 unless it is set. */
describe('HOST', () => {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'todo-host-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only by default, and on every interface with HOST=0.0.0.0', async () => {
    if (!external) {
      process.stderr.write(
        '!! test/front-door.e2e-spec.ts: this machine has no non-loopback IPv4 address; HOST checked on loopback only\n',
      );
    }
    for (const [host, reachableOutside] of [
      [undefined, false],
      ['0.0.0.0', true],
    ] as const) {
      // Every process started (a start that lost its port included), stopped in the `finally` below.
      const started: ServiceProcess[] = [];
      try {
        const service = await spawnReady({ DATA_DIR: dataDir, ...(host ? { HOST: host } : {}) }, { track: (s) => started.push(s) });
        const port = service.port;
        expect(service.output()).toContain(`"msg":"listening on http://${host ?? '127.0.0.1'}:${port}"`);
        if (external) {
          const answered = await fetch(`http://${external}:${port}/health/live`).then(
            () => true,
            () => false,
          );
          expect({ host: host ?? '(default)', answered }).toEqual({ host: host ?? '(default)', answered: reachableOutside });
        }
      } finally {
        await stopInstances(started);
      }
    }
  }, 120_000);
});
