import request from 'supertest';
import { freePort, spawnService } from './support/service-process';
import { startTestApp, type TestApp } from './support/test-app';

const MAILBOX = '/developers/api/dev/mailbox';
const UNKNOWN = { data: null, error: `No route for GET ${MAILBOX}` };
const ON_LINE =
  /^development mailbox on: mail stays in the outbox, shown at \/developers\/api\/dev\/mailbox to requests from this machine only/;

const messagesOf = (t: TestApp) => t.logs.map((line) => String(line.msg));

describe('the development mailbox, served to this machine only', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: undefined, HOST: '127.0.0.1' }, {}, { ownDatabase: 'mailbox_loopback' });
  });

  afterAll(() => t?.close());

  it('says so in one start-up line', () => {
    expect(messagesOf(t).filter((msg) => ON_LINE.test(msg))).toHaveLength(1);
    expect(messagesOf(t).filter((msg) => msg.includes('development mailbox') || msg.includes('SMTP_URL'))).toHaveLength(1);
  });

  it.each([['127.0.0.1:3000'], ['localhost:3000'], ['localhost']])('answers a loopback client whose Host is %j', async (host) => {
    const res = await request(t.server).get(MAILBOX).set('Host', host).expect(200);
    expect(res.body).toEqual({ data: { messages: expect.any(Array) }, error: null });
  });

  it.each([
    ['a Host of another name, as a page that rebinds its name to 127.0.0.1 sends', { Host: 'rebind.example:3000' }],
    ['a Host that only starts like a loopback one', { Host: '127.0.0.1.rebind.example' }],
    ['a request a proxy relays for another machine (X-Forwarded-For)', { 'X-Forwarded-For': '192.0.2.7' }],
    ['a request a proxy relays (Forwarded)', { Forwarded: 'for=192.0.2.7' }],
  ])('answers %s as an unknown route', async (_case, headers: Record<string, string>) => {
    const res = await request(t.server).get(MAILBOX).set(headers).expect(404);
    expect(res.body).toEqual(UNKNOWN);
  });
});

describe('the development mailbox of a service listening beyond loopback', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: undefined, HOST: '0.0.0.0' }, {}, { ownDatabase: 'mailbox_anywhere' });
  });

  afterAll(() => t?.close());

  it('is not served, even to a loopback client naming a loopback Host, and the log says mail is never sent', async () => {
    const res = await request(t.server).get(MAILBOX).set('Host', '127.0.0.1:3000').expect(404);
    expect(res.body).toEqual(UNKNOWN);
    expect(messagesOf(t).some((msg) => ON_LINE.test(msg))).toBe(false);
    expect(messagesOf(t)).toContain('SMTP_URL is not set: mail stays in the development outbox and is never sent');
  });
});

describe('NODE_ENV', () => {
  it.each([['Production'], ['PRODUCTION'], ['prod'], ['staging']])(
    'refuses %j at start with one line naming the accepted values',
    async (value) => {
      const service = spawnService({ NODE_ENV: value, DATA_DIR: '/nonexistent' }, await freePort());
      expect(await service.exited).toBe(1);
      expect(service.output().trim()).toBe(
        `Invalid configuration: NODE_ENV must be one of production, development, test, in lower case, or unset for development (got "${value}")`,
      );
    },
  );
});
