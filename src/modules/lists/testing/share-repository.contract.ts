import { randomUUID } from 'node:crypto';
import { hashShareToken, Share } from '../domain/share';
import { givenList, ListsStorage, nextInstant } from './lists-storage';

/** What every ShareRepository must do; run against the in-memory and the TypeORM adapter. */
export function describeShareRepositoryContract(adapter: string, make: () => Promise<ListsStorage>): void {
  describe(`ShareRepository contract (${adapter})`, () => {
    let s: ListsStorage;
    let owner: string;

    const share = async (listId: string, expiresAt: Date | null = null) => {
      const issued = Share.issue({ id: randomUUID(), listId, role: 'viewer', expiresAt, now: nextInstant() });
      await s.shares.insert(issued);
      return issued;
    };

    beforeEach(async () => {
      s = await make();
      owner = await s.newUser();
    });

    it('stores a share and finds it by id and by the hash of its token', async () => {
      const list = await givenList(s, owner);
      const issued = await share(list.id, nextInstant());
      expect((await s.shares.findById(issued.id))?.toProps()).toEqual(issued.toProps());
      expect((await s.shares.findByTokenHash(hashShareToken(issued.toProps().token)))?.id).toBe(issued.id);
      expect(await s.shares.findByTokenHash(hashShareToken('not-a-token-of-this-store'))).toBeNull();
      expect(await s.shares.findById(randomUUID())).toBeNull();
    });

    it("lists a list's shares oldest first and saves a revocation", async () => {
      const list = await givenList(s, owner);
      const first = await share(list.id);
      const second = await share(list.id);
      await share((await givenList(s, owner)).id);
      const at = nextInstant();
      first.revoke(at);
      await s.shares.save(first);
      const listed = await s.shares.listByList(list.id);
      expect(listed.map((x) => x.id)).toEqual([first.id, second.id]);
      expect(listed[0].toProps().revokedAt).toEqual(at);
      expect(listed[1].revoked).toBe(false);
    });
  });
}
