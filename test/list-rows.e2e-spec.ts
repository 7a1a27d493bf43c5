import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { accountViewer } from '../src/common/auth/reach';
import { TypeOrmItemRepository } from '../src/modules/items/infrastructure/typeorm/typeorm-item.repository';
import { itemsWrittenListCte } from '../src/modules/lists/persistence/list-rows.sql';
import { makeUserWithKey } from './factories/make-user';
import { useTestApp } from './support/test-app';

/*
 * The contract of the lists module's fragment that other modules' statements write a list's row
 * through (itemsWrittenListCte, ADR 0011), against PostgreSQL: the counters, updated_at, the
 * events' order key and the version (the list-version rule the page cache relies on) move
 * together, or not at all.
 */
const t = useTestApp();
let ownerId: string;

beforeAll(async () => {
  ({ id: ownerId } = (await makeUserWithKey(t.app)).user);
});

interface ListRow {
  item_count: number;
  open_item_count: number;
  updated_at: Date;
  last_event_txid: string | null;
  version: string;
}

async function newList(dataSource: DataSource): Promise<string> {
  const id = randomUUID();
  await dataSource.query(`INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at) VALUES ($1, $2, $3, $3, now(), now())`, [
    id,
    ownerId,
    `rows ${id}`,
  ]);
  return id;
}

const rowOf = async (dataSource: DataSource, id: string): Promise<ListRow> =>
  (
    await dataSource.query<ListRow[]>(
      `SELECT item_count, open_item_count, updated_at, last_event_txid::text, version::text FROM lists WHERE id = $1`,
      [id],
    )
  )[0];

describe('itemsWrittenListCte (the lists module’s fragment for item statements)', () => {
  it('moves the counters, updated_at, the events’ order key and the version in one UPDATE, and returns what the events need', async () => {
    const dataSource = t.app.get(DataSource);
    const id = await newList(dataSource);
    const before = await rowOf(dataSource, id);
    const at = new Date('2026-03-04T05:06:07.008Z');
    const returned = await dataSource.query<Array<{ id: string; name: string; moved: boolean; audience: unknown }>>(
      `WITH ${itemsWrittenListCte({ listId: '$1::uuid', items: '3', openItems: '2', at: '$2::timestamptz', when: 'item_count + 3 <= 10' })}
       SELECT id, name, last_event_txid IS NOT NULL AS moved, audience FROM list`,
      [id, at],
    );
    expect(returned).toEqual([{ id, name: `rows ${id}`, moved: true, audience: null }]);
    const after = await rowOf(dataSource, id);
    expect(after).toMatchObject({ item_count: before.item_count + 3, open_item_count: before.open_item_count + 2, updated_at: at });
    expect(after.last_event_txid).not.toBeNull();
    expect(BigInt(after.version)).toBe(BigInt(before.version) + 1n);
  });

  it('changes nothing, and returns no row, when the statement’s condition does not hold', async () => {
    const dataSource = t.app.get(DataSource);
    const id = await newList(dataSource);
    const before = await rowOf(dataSource, id);
    const returned = await dataSource.query(
      `WITH ${itemsWrittenListCte({ listId: '$1::uuid', items: '20', openItems: '20', at: 'now()', when: 'item_count + 20 <= 10' })}
       SELECT id FROM list`,
      [id],
    );
    expect(returned).toEqual([]);
    expect(await rowOf(dataSource, id)).toEqual(before);
  });

  it('is how every item write moves its list’s version: add, complete, reopen, edit, move and remove', async () => {
    const dataSource = t.app.get(DataSource);
    const items = new TypeOrmItemRepository(dataSource);
    const id = await newList(dataSource);
    const versions = [BigInt((await rowOf(dataSource, id)).version)];
    const version = async () => versions.push(BigInt((await rowOf(dataSource, id)).version));
    const added = await items.addToList({
      viewer: accountViewer(ownerId),
      reference: { id, name: id },
      items: [{ id: randomUUID(), text: 'one' }],
      maxPerList: 10_000,
      at: new Date(),
    });
    if (!added.ok) throw new Error(`the add was refused: ${added.reason}`);
    await version();
    const itemIds = added.items.map((item) => item.id);
    await items.setCompletion(id, itemIds, true, ownerId, new Date());
    await version();
    await items.setCompletion(id, itemIds, false, ownerId, new Date());
    await version();
    await items.saveEdits(id, [{ id: itemIds[0], set: { text: 'edited' }, changes: ['text'] }], new Date());
    await version();
    const [item] = await items.findCandidates(id, { ids: itemIds, keys: [] });
    await items.moveItems({
      from: id,
      to: id,
      moves: [{ id: item.id, position: `${item.position}V`, clearAssignee: false }],
      at: new Date(),
      maxPerList: 10_000,
    });
    await version();
    // A move to another list moves both lists' versions.
    const other = await newList(dataSource);
    const otherBefore = BigInt((await rowOf(dataSource, other)).version);
    await items.moveItems({
      from: id,
      to: other,
      moves: [{ id: item.id, position: item.position, clearAssignee: false }],
      at: new Date(),
      maxPerList: 10_000,
    });
    await version();
    expect(BigInt((await rowOf(dataSource, other)).version)).toBe(otherBefore + 1n);
    await items.removeAll(other, itemIds, new Date(), ownerId);
    expect(versions.slice(1).map((v, i) => v - versions[i])).toEqual([1n, 1n, 1n, 1n, 1n, 1n]);
  });
});
