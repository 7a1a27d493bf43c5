import { randomUUID } from 'node:crypto';
import type { RequestLogLine } from '../domain/request-log';
import type { RequestLogRepository } from '../domain/request-log.repository';

const at = (ms: number) => new Date(Date.parse('2026-11-28T10:00:00.000Z') + ms);

/** A line of `userId`'s key, `ms` after the contract's start, with bodies. */
export function requestLogLine(userId: string, ms: number, fields: Partial<RequestLogLine> = {}): RequestLogLine {
  return {
    id: randomUUID(),
    userId,
    keyId: randomUUID(),
    createdAt: at(ms),
    method: 'GET',
    route: '/v1/me',
    path: '/v1/me',
    status: 200,
    durationMs: 3,
    requestId: randomUUID(),
    requestBody: { text: '{"name":"Groceries"}', truncated: false },
    responseBody: { text: '{"data":{},"error":null}', truncated: true },
    ...fields,
  };
}

const withoutBodies = (line: RequestLogLine): RequestLogLine => ({ ...line, requestBody: null, responseBody: null });

/** What every RequestLogRepository must do; run against the in-memory and the TypeORM adapter. */
export function describeRequestLogRepositoryContract(adapter: string, make: () => Promise<RequestLogRepository>): void {
  describe(`RequestLogRepository contract (${adapter})`, () => {
    let logs: RequestLogRepository;
    beforeEach(async () => {
      logs = await make();
    });

    it("pages an account's lines newest first, without bodies, after a position, from `since`", async () => {
      const user = randomUUID();
      const lines = [0, 1_000, 2_000, 3_000].map((ms) => requestLogLine(user, ms));
      const tie = requestLogLine(user, 2_000);
      await logs.insertMany([...lines, tie, requestLogLine(randomUUID(), 2_500)]);
      const newestFirst = [lines[3], ...[lines[2], tie].sort((a, b) => (a.id < b.id ? 1 : -1)), lines[1], lines[0]];

      expect(await logs.page(user, {}, at(0), 10, null)).toEqual(newestFirst.map(withoutBodies));
      expect(await logs.page(user, {}, at(1_000), 10, null)).toEqual(newestFirst.slice(0, 4).map(withoutBodies));
      expect(await logs.page(user, {}, at(0), 2, null)).toEqual(newestFirst.slice(0, 2).map(withoutBodies));
      expect(await logs.page(user, {}, at(0), 10, newestFirst[1])).toEqual(newestFirst.slice(2).map(withoutBodies));
    });

    it('narrows a page by key, status class, route and request id', async () => {
      const user = randomUUID();
      const key = randomUUID();
      const mine = requestLogLine(user, 0, { keyId: key, status: 404, route: '/v1/lists/:id' });
      const failed = requestLogLine(user, 1, { status: 503 });
      const ok = requestLogLine(user, 2, { status: 299 });
      await logs.insertMany([mine, failed, ok]);
      const ids = async (filter: Parameters<RequestLogRepository['page']>[1]) =>
        (await logs.page(user, filter, at(0), 10, null)).map((line) => line.id);
      expect(await ids({ keyId: key })).toEqual([mine.id]);
      expect(await ids({ statusClass: '4xx' })).toEqual([mine.id]);
      expect(await ids({ statusClass: '5xx' })).toEqual([failed.id]);
      expect(await ids({ statusClass: '2xx' })).toEqual([ok.id]);
      expect(await ids({ route: '/v1/lists/:id' })).toEqual([mine.id]);
      expect(await ids({ requestId: failed.requestId })).toEqual([failed.id]);
      expect(await ids({ keyId: key, statusClass: '5xx' })).toEqual([]);
    });

    it("finds one of the account's lines with its bodies, and no other account's", async () => {
      const user = randomUUID();
      const line = requestLogLine(user, 0, { requestBody: null });
      await logs.insertMany([line]);
      expect(await logs.find(user, line.id)).toEqual(line);
      expect(await logs.find(randomUUID(), line.id)).toBeNull();
      expect(await logs.find(user, randomUUID())).toBeNull();
    });

    it('deletes lines created before a cutoff, a bounded batch at a time', async () => {
      const user = randomUUID();
      // Far in the past, so that lines other specs keep in a shared table are not counted.
      const old = [1, 2, 3].map((n) => requestLogLine(user, -(10 * 365 * 24 * 3600_000) - n));
      const kept = requestLogLine(user, 0);
      await logs.insertMany([...old, kept]);
      const cutoff = at(-(10 * 365 * 24 * 3600_000) + 1);
      expect(await logs.deleteCreatedBefore(cutoff, 2)).toBe(2);
      expect(await logs.deleteCreatedBefore(cutoff, 2)).toBe(1);
      expect(await logs.deleteCreatedBefore(cutoff, 2)).toBe(0);
      expect((await logs.page(user, {}, at(-(20 * 365 * 24 * 3600_000)), 10, null)).map((line) => line.id)).toEqual([kept.id]);
    });
  });
}
