import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { makeUserWithKey } from '../factories/make-user';
import { jsonRequest } from '../support/fault-client';
import { NO_RATE_LIMIT, startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { PostgresServer } from './support/postgres-server';

/** The outage and the load the operations guide quotes (docs/operations.md, "What the log says during an outage"). */
const OUTAGE_MS = Number(process.env.OUTAGE_LOGS_OUTAGE_MS ?? 15_000);
const WRITERS = Number(process.env.OUTAGE_LOGS_WRITERS ?? 50);
/**
 * At most this many lines for a 15-second outage. What the log holds for one grows with the
 * outage only through the summaries (one per kind every 10 s), so a shorter outage keeps the
 * same bound; a longer one gets one more line per kind per 10 s, generously 20.
 */
const LINE_BOUND = 1_000 + Math.max(0, Math.ceil((OUTAGE_MS - 15_000) / 10_000)) * 20;

type Line = Record<string, any>;

const isRequestLine = (line: Line) => typeof line.req === 'object' && line.req !== null && 'path' in line.req;
const summaryOf503s = (line: Line) => typeof line.msg === 'string' && line.msg.includes(' requests answered 503 in the last ');

/**
 * The log during a database outage under concurrent writers: the service answers every add 503
 * (stopped, `pg_ctl stop -m fast`: refused at once, so as many requests as the writers can send;
 * frozen, SIGSTOP: each one after a time limit) and its log stays readable: the first 503 of each kind is a warning without a stack, the others are
 * counted into one summary line per kind every 10 s, so the lines stay in the hundreds while the
 * requests run into the thousands, and no 503 goes uncounted.
 */
describe('the log during a database outage', () => {
  const pg = new PostgresServer();
  let t: TestApp | undefined;
  let agent: Agent | undefined;

  beforeAll(async () => {
    await pg.init();
  });

  afterEach(async () => {
    await pg.heal();
    agent?.destroy();
    await t?.close();
    t = undefined;
  });

  afterAll(async () => {
    await pg.destroy();
  });

  const FAULTS = {
    'stopped (pg_ctl stop -m fast)': { begin: () => pg.stopFast(), end: () => pg.start() },
    'frozen (SIGSTOP)': { begin: () => pg.freeze(), end: () => pg.thaw() },
  };

  it.each(Object.keys(FAULTS) as Array<keyof typeof FAULTS>)(
    `the database %s for ${OUTAGE_MS / 1000} s under ${WRITERS} concurrent writers: fewer than ${LINE_BOUND} lines, its 503s warnings without a stack, every 503 counted`,
    async (name) => {
      const fault = FAULTS[name];
      t = await startTestApp({ DATABASE_URL: pg.url, DB_CONNECT_TIMEOUT_S: '10', LOG_LEVEL: 'info', ...NO_RATE_LIMIT });
      const app = t;
      const { key } = await makeUserWithKey(app.app);
      await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
      const port = (app.server.address() as AddressInfo).port;
      agent = new Agent({ keepAlive: true, maxSockets: WRITERS });
      const lists: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const list = await jsonRequest(port, 'POST', '/v1/lists', { key, body: { name: `outage ${randomUUID()}` }, agent });
        expect(list.status).toBe(200);
        lists.push(list.body.data.list.id as string);
      }

      const answered = new Map<number, number>();
      let writing = true;
      const writer = async (index: number) => {
        for (let n = 0; writing; n += 1) {
          let status: number;
          try {
            const body = { list: lists[index % lists.length], items: [`writer ${index} item ${n}`] };
            status = (await jsonRequest(port, 'POST', '/v1/actions/add', { key, body, agent })).status;
          } catch {
            status = 0; // no answer: the connection failed
          }
          answered.set(status, (answered.get(status) ?? 0) + 1);
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
      const until = (what: string, check: () => boolean) => waitFor(async () => check(), { what, timeoutMs: 60_000, intervalMs: 20 });
      try {
        await until('every writer to have stored something', () => (answered.get(200) ?? 0) >= WRITERS);

        const before = app.logs.length;
        await fault.begin();
        // The outage counts from when the fault is complete: freezing lists the backends from
        // /proc, which under this load takes seconds, while the backends not yet stopped still serve.
        const from = app.logs.length;
        await until('the adds to be answered 503', () => (answered.get(503) ?? 0) > 0);
        // The outage's length is the fault injected, not a wait for something to happen.
        await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
        await fault.end();
        const outage = app.logs.slice(from) as Line[];
        const all503s = () => answered.get(503) ?? 0;
        await until('an add to be stored again', () => (answered.get(200) ?? 0) >= WRITERS * 2);
        writing = false;
        await Promise.all(writers);

        // Every 503 the writers were given is in the log: as its own line, or counted in a summary.
        const logged503s = () => {
          const lines = app.logs.slice(before) as Line[];
          const own = lines.filter((line) => isRequestLine(line) && line.res?.status === 503 && line.req.path === '/v1/actions/add').length;
          const counted = lines.filter((line) => summaryOf503s(line) && String(line.fault).startsWith('database unavailable'));
          return own + counted.reduce((sum, line) => sum + Number(line.count), 0);
        };
        await waitFor(async () => logged503s() === all503s(), {
          what: () => `the log to account for the ${all503s()} 503s answered (it says ${logged503s()})`,
          timeoutMs: 30_000,
          intervalMs: 100,
        });

        const byMessage = new Map<string, number>();
        for (const line of outage) {
          const shape = isRequestLine(line) ? `request ${line.res?.status} (level ${line.level})` : `${line.msg} (level ${line.level})`;
          byMessage.set(shape, (byMessage.get(shape) ?? 0) + 1);
        }
        process.stdout.write(
          `[outage-logs] database ${name}: ${OUTAGE_MS / 1000} s | writers: ${WRITERS} | answers: ${JSON.stringify(Object.fromEntries(answered))} | ` +
            `lines during the outage: ${outage.length} (${JSON.stringify(Object.fromEntries(byMessage))}) | ` +
            `lines from the injection to the last summary: ${app.logs.length - before}\n`,
        );

        expect(all503s()).toBeGreaterThan(outage.length);
        expect(outage.length).toBeLessThan(LINE_BOUND);
        // From the fault's injection to now: the 503s' own lines are warnings naming the fault,
        // with no stack; nothing is an error; the others are in summaries.
        const sinceFault = app.logs.slice(before) as Line[];
        const answers503 = sinceFault.filter((line) => isRequestLine(line) && line.res?.status === 503);
        expect(answers503.length).toBeGreaterThan(0);
        for (const line of answers503) {
          expect(line).toMatchObject({ level: 40, fault: expect.stringMatching(/^database unavailable/) });
          expect(line).not.toHaveProperty('err');
        }
        expect(answers503.length).toBeLessThan(all503s());
        expect(sinceFault.filter((line) => line.level >= 50)).toEqual([]);
        expect(sinceFault.filter((line) => JSON.stringify(line).includes('"stack"'))).toEqual([]);
        expect(sinceFault.filter(summaryOf503s).length).toBeGreaterThan(0);
      } finally {
        writing = false;
        await Promise.all(writers);
      }
    },
    // Booting, the outage itself and the recovery, on a loaded machine.
    180_000,
  );
});
