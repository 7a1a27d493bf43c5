import request from 'supertest';
import { client, makeCaller } from './support/lists-client';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Hostile bodies under load: anonymous clients flood the open routes with them
 * (deep nesting, tens of thousands of unknown fields, with and without Idempotency-Key) while a
 * legitimate caller works. Bounded in count; asserts answers, not time (latency is measured by
 * `npm run bench:hostile`).
 */
const HOSTILE_REQUESTS = 60;
const LEGIT_REQUESTS = 20;

const deep = (levels: number) => `{"login":${'['.repeat(levels)}1${']'.repeat(levels)},"password":"x"}`;
const wide = (fields: number) => `{${Array.from({ length: fields }, (_, i) => `"f${i}":1`).join(',')}}`;

describe('hostile bodies under load', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_UNAUTHENTICATED_MAX: '1000000' });
  });
  afterAll(() => t.close());

  it('answers every hostile body 400 and every legitimate request as usual, all at once', async () => {
    const ada = await makeCaller(t.app);
    const as = client(t.server, ada.key);
    const list = (await as.post('/v1/lists', { name: 'Under load' }).expect(200)).body.data.list;
    const bodies = [deep(120_000), wide(24_000), deep(40)];
    const paths = ['/developers/api/login', '/developers/api/signup', '/v1/actions/add'];

    const hostile = Array.from({ length: HOSTILE_REQUESTS }, (_, i) => {
      const req = request(t.server)
        .post(paths[i % paths.length])
        .set('Content-Type', 'application/json');
      if (i % 2 === 0) req.set('Idempotency-Key', `hostile-${i}`);
      if (paths[i % paths.length].startsWith('/v1/')) req.set('X-API-Key', ada.key);
      return req.send(bodies[i % bodies.length]);
    });
    const legit = (async () => {
      const statuses: number[] = [];
      for (let i = 0; i < LEGIT_REQUESTS; i += 1) {
        statuses.push((await as.get('/v1/lists')).status);
        statuses.push((await as.post('/v1/actions/add', { list: list.id, items: [`item ${i}`] })).status);
      }
      return statuses;
    })();

    const answers = await Promise.all(hostile);
    expect(answers.map((res) => res.status)).toEqual(Array(HOSTILE_REQUESTS).fill(400));
    for (const res of answers) {
      expect(res.body).toEqual({ data: null, error: expect.stringMatching(/nested more than 32 levels|more than 1000 values/) });
      expect(res.body.error.length).toBeLessThan(200);
    }
    expect(await legit).toEqual(Array(LEGIT_REQUESTS * 2).fill(200));
    const items = await as.get(`/v1/lists/${list.id}/items`).expect(200);
    expect(items.body.data.items).toHaveLength(LEGIT_REQUESTS);
  });
});
