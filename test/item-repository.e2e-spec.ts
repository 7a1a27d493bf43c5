import { accountViewer } from '../src/common/auth/reach';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { eventPayloadSql, eventsOfRowSql } from '../src/modules/events/persistence/events.sql';
import { foldKey } from '../src/common/text/fold-key';
import { presentItem } from '../src/modules/items/application/item.presenter';
import { managerOf, TypeOrmUnitOfWork } from '../src/common/persistence/typeorm-unit-of-work';
import { RenderedPageCache } from '../src/modules/items/infrastructure/typeorm/rendered-page-cache';
import { TypeOrmItemPageReadModel } from '../src/modules/items/infrastructure/typeorm/typeorm-item-page.read-model';
import { TypeOrmItemRepository } from '../src/modules/items/infrastructure/typeorm/typeorm-item.repository';
import { describeItemRepositoryContract, type ItemRepositorySubject } from '../src/modules/items/testing/item-repository.contract';
import { describeItemViewContract } from '../src/modules/items/testing/item-view.contract';
import { plainRequest } from '../src/modules/items/testing/plain-request';
import { makeUserWithKey } from './factories/make-user';
import { startTestApp, TestApp } from './support/test-app';

// The same contract the in-memory store passes in the unit suite, against PostgreSQL.
let t: TestApp;
let ownerId: string;

beforeAll(async () => {
  t = await startTestApp();
  ownerId = (await makeUserWithKey(t.app)).user.id;
});
afterAll(() => t.close());

const typeOrmSubject = async (): Promise<ItemRepositorySubject> => {
  const dataSource = t.app.get(DataSource);
  return {
    items: new TypeOrmItemRepository(dataSource),
    pages: new TypeOrmItemPageReadModel(dataSource),
    uow: new TypeOrmUnitOfWork(dataSource),
    // The lists table is the lists module's; the contract only needs bare rows in it.
    newList: async (options = {}) => {
      const id = randomUUID();
      const name = options.name ?? `contract ${id}`;
      await dataSource.query(`INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)`, [
        id,
        options.ownerId ?? ownerId,
        name,
        foldKey(name),
        options.createdAt ?? new Date('2026-01-01T00:00:00.000Z'),
      ]);
      return id;
    },
    owner: ownerId,
    newUser: async () => (await makeUserWithKey(t.app)).user.id,
    addMember: async (listId, role, userId) => {
      const member = userId ?? (await makeUserWithKey(t.app)).user.id;
      await dataSource.query('INSERT INTO list_members (list_id, user_id, role, joined_at) VALUES ($1, $2, $3, now())', [
        listId,
        member,
        role,
      ]);
      return member;
    },
    deleteList: async (id) => {
      await dataSource.query('DELETE FROM lists WHERE id = $1', [id]);
    },
    counters: async (id) => {
      const [row] = await dataSource.query('SELECT item_count, open_item_count, updated_at FROM lists WHERE id = $1', [id]);
      return { itemCount: row.item_count, openItemCount: row.open_item_count, updatedAt: row.updated_at };
    },
  };
};

describeItemRepositoryContract('TypeORM', typeOrmSubject);
describeItemViewContract('TypeORM', typeOrmSubject);

describe('pages kept by an instance (RenderedPageCache)', () => {
  let dataSource: DataSource;
  const at = new Date('2026-02-01T00:00:00.000Z');
  const page = plainRequest('all', 100);

  beforeAll(() => {
    dataSource = t.app.get(DataSource);
  });

  /** One instance's store and page read model, which keeps its own pages. */
  const instance = (cacheBytes = 1024 * 1024) => ({
    items: new TypeOrmItemRepository(dataSource),
    pages: new TypeOrmItemPageReadModel(dataSource, new RenderedPageCache(cacheBytes)),
  });
  type Instance = ReturnType<typeof instance>;

  /** Two instances: they share only the database. */
  const twoInstances = () => ({ reader: instance(), writer: instance() });

  async function newList(): Promise<string> {
    const id = randomUUID();
    await dataSource.query(`INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at) VALUES ($1, $2, $3, $3, $4, $4)`, [
      id,
      ownerId,
      `kept pages ${id}`,
      at,
    ]);
    return id;
  }

  const add = ({ items }: Instance, listId: string, texts: string[]) =>
    items.addToList({
      viewer: accountViewer(ownerId),
      reference: { id: listId, name: listId },
      items: texts.map((text) => ({ id: randomUUID(), text, createdAt: at, createdBy: ownerId })),
      maxPerList: 10_000,
      at,
    });

  const texts = async ({ pages }: Instance, listId: string) => {
    const read = await pages.visiblePage(accountViewer(ownerId), listId, page);
    return (JSON.parse(read!.items.json) as Array<{ text: string; completed: boolean }>).map(
      (i) => `${i.text}${i.completed ? ' (done)' : ''}`,
    );
  };

  it('serves the page it kept while the list is unchanged, without reading the items again', async () => {
    const { reader } = twoInstances();
    const listId = await newList();
    await add(reader, listId, ['milk', 'bread']);
    expect(await texts(reader, listId)).toEqual(['milk', 'bread']);
    // A change of an item that leaves the list's row alone breaks the rule every item write
    // follows (migration 1763801100000-list-versions.ts): it shows what the kept page is.
    await dataSource.query(`UPDATE items SET text = 'oat milk' WHERE list_id = $1 AND text = 'milk'`, [listId]);
    expect(await texts(reader, listId)).toEqual(['milk', 'bread']);
    expect(await texts(instance(0), listId)).toEqual(['oat milk', 'bread']);
  });

  it("renders again after another instance's add, completion, reopening or removal", async () => {
    const { reader, writer } = twoInstances();
    const listId = await newList();
    const added = await add(writer, listId, ['milk', 'bread']);
    if (!added.ok) throw new Error('the add was refused');
    const [milk, bread] = added.items;
    expect(await texts(reader, listId)).toEqual(['milk', 'bread']);

    await add(writer, listId, ['eggs']);
    expect(await texts(reader, listId)).toEqual(['milk', 'bread', 'eggs']);
    await writer.items.setCompletion(listId, [milk.id], true, ownerId, at);
    expect(await texts(reader, listId)).toEqual(['milk (done)', 'bread', 'eggs']);
    await writer.items.setCompletion(listId, [milk.id], false, ownerId, at);
    expect(await texts(reader, listId)).toEqual(['milk', 'bread', 'eggs']);
    await writer.items.removeAll(listId, [bread.id], at, ownerId);
    expect(await texts(reader, listId)).toEqual(['milk', 'eggs']);
  });

  it('renders again after a write of an older release, which knows nothing of the version but updates the list row with its items', async () => {
    const { reader } = twoInstances();
    const listId = await newList();
    await add(reader, listId, ['milk']);
    expect(await texts(reader, listId)).toEqual(['milk']);
    await dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE items SET text = 'oat milk' WHERE list_id = $1`, [listId]);
      await manager.query(`UPDATE lists SET updated_at = now() WHERE id = $1`, [listId]);
    });
    expect(await texts(reader, listId)).toEqual(['oat milk']);
  });

  it('keeps pages of one list apart by position, size and status, and still shows a stranger nothing', async () => {
    const { reader } = twoInstances();
    const listId = await newList();
    const added = await add(reader, listId, ['a', 'b', 'c']);
    if (!added.ok) throw new Error('the add was refused');
    await reader.items.setCompletion(listId, [added.items[1].id], true, ownerId, at);
    const read = async (request: Parameters<TypeOrmItemPageReadModel['visiblePage']>[2]) =>
      (JSON.parse((await reader.pages.visiblePage(accountViewer(ownerId), listId, request))!.items.json) as Array<{ text: string }>).map(
        (i) => i.text,
      );
    for (let round = 0; round < 2; round += 1) {
      expect(await read(plainRequest('all', 2))).toEqual(['a', 'b']);
      expect(await read(plainRequest('all', 100))).toEqual(['a', 'b', 'c']);
      expect(await read(plainRequest('open', 100))).toEqual(['a', 'c']);
      expect(await read(plainRequest('completed', 100))).toEqual(['b']);
      expect(await read(plainRequest('all', 100, [added.items[0].position, added.items[0].seq]))).toEqual(['b', 'c']);
    }
    const stranger = (await makeUserWithKey(t.app)).user.id;
    expect(await reader.pages.visiblePage(accountViewer(stranger), listId, page)).toBeNull();
  });
});

describe('the Item resource, defined once (ITEM_FIELDS)', () => {
  it('is the same JSON from the presenter, from the page statement and from the events outbox, for the same items', async () => {
    const dataSource = t.app.get(DataSource);
    const items = new TypeOrmItemRepository(dataSource);
    const pages = new TypeOrmItemPageReadModel(dataSource, new RenderedPageCache(0));
    const listId = randomUUID();
    const at = new Date('2026-02-03T04:05:06.789Z');
    await dataSource.query(`INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at) VALUES ($1, $2, $3, $3, $4, $4)`, [
      listId,
      ownerId,
      `one shape ${listId}`,
      at,
    ]);
    const texts = ['plain', 'quote " and \\ backslash', 'line\nbreak\ttab \u0001', 'ünïcödé 🛒'];
    const added = await items.addToList({
      viewer: accountViewer(ownerId),
      reference: { id: listId, name: listId },
      items: texts.map((text) => ({ id: randomUUID(), text })),
      maxPerList: 10_000,
      at,
    });
    if (!added.ok) throw new Error(`the add was refused: ${added.reason}`);
    await items.setCompletion(listId, [added.items[1].id, added.items[3].id], true, ownerId, new Date('2026-02-03T05:00:00.001Z'));
    const stored = await items.findCandidates(listId, { ids: added.items.map((item) => item.id), keys: [] });
    expect(stored.filter((item) => item.completed)).toHaveLength(2);

    // The page: the text PostgreSQL renders is the presenter's, byte for byte.
    const page = await pages.visiblePage(accountViewer(ownerId), listId, plainRequest('all', 100));
    expect(page?.items.json).toBe(JSON.stringify(stored.map(presentItem)));

    // The events: each item.completed event's item is the presenter's item as it was then.
    const rows: Array<{ type: string; payload: string }> = await dataSource.query(
      `SELECT e.type, (${eventPayloadSql('e', 'x')})::text AS payload
         FROM events e CROSS JOIN ${eventsOfRowSql('e', 'x')}
        WHERE e.list_id = $1 ORDER BY e.txid, e.seq, x.i`,
      [listId],
    );
    const itemOf = (row: { payload: string }) => (JSON.parse(row.payload) as { data: { item: unknown } }).data.item;
    const completedEvents = rows.filter((row) => row.type === 'item.completed').map(itemOf);
    expect(completedEvents).toEqual(stored.filter((item) => item.completed).map(presentItem));
    const addedEvents = rows.filter((row) => row.type === 'item.added').map(itemOf);
    expect(addedEvents).toEqual(added.items.map(presentItem));
  });
});

/*
 * A list-restricted key's lists are a parameter of the same prepared statements ($2,
 * viewerParameters), never a text of their own: PostgreSQL keeps planning each statement once
 * per connection, whether full and restricted keys take turns or a restricted key runs alone.
 */
describe('the prepared statements of the add and the page, for full and list-restricted keys', () => {
  it('run on their generic plan after the first executions, whichever keys call them', async () => {
    const dataSource = t.app.get(DataSource);
    const items = new TypeOrmItemRepository(dataSource);
    const pages = new TypeOrmItemPageReadModel(dataSource, new RenderedPageCache(0));
    const uow = new TypeOrmUnitOfWork(dataSource);
    const listId = randomUUID();
    await dataSource.query(
      `INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at) VALUES ($1, $2, $3, $3, now(), now())`,
      [listId, ownerId, `plans ${listId}`],
    );
    const restricted = { userId: ownerId, listIds: [randomUUID(), listId, randomUUID()] };
    // One unit of work: one connection, whose prepared statements pg_prepared_statements shows.
    const plans = await uow.run(async () => {
      for (let i = 0; i < 30; i += 1) {
        const viewer = i < 10 || i % 2 === 0 ? restricted : accountViewer(ownerId);
        const added = await items.addToList({
          viewer,
          reference: { id: listId, name: listId },
          items: [{ id: randomUUID(), text: `item ${i}` }],
          maxPerList: 10_000,
          at: new Date(),
        });
        expect(added.ok).toBe(true);
        expect(await pages.visiblePage(viewer, listId, plainRequest('all', 10))).not.toBeNull();
      }
      return managerOf(dataSource).query<Array<{ name: string; generic_plans: string; custom_plans: string }>>(
        `SELECT name, generic_plans::text, custom_plans::text FROM pg_prepared_statements
          WHERE name IN ('items_add_to_list_by_id', 'items_visible_page') ORDER BY name`,
      );
    });
    expect(plans.map(({ name, generic_plans, custom_plans }) => [name, Number(generic_plans) >= 25, Number(custom_plans) <= 5])).toEqual([
      ['items_add_to_list_by_id', true, true],
      ['items_visible_page', true, true],
    ]);
  });
});
