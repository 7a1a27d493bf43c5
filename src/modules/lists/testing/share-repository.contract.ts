import { randomUUID } from 'node:crypto';
import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import { hashShareToken, Share } from '../domain/share';
import { givenList, ListsStorage, nextInstant } from './lists-storage';

/** What every ShareRepository must do; run against the in-memory and the TypeORM adapter. */
export function describeShareRepositoryContract(adapter: string, make: () => Promise<ListsStorage>): void {
  describe(`ShareRepository contract (${adapter})`, () => {
    let s: ListsStorage;
    let owner: string;

    const share = async (listId: string, expiresAt: Date | null = null) => {
      const issued = Share.issue(
        { id: randomUUID(), listId, role: 'viewer', expiresAt, now: nextInstant() },
        new NodeSecretGenerator(),
        new Sha256TokenHasher(),
      );
      await s.shares.insert(issued);
      return issued;
    };

    beforeEach(async () => {
      s = await make();
      owner = await s.newUser();
    });

    it('counts the usable links of a list and deletes its unusable ones beyond the newest `keep`', async () => {
      const list = await givenList(s, owner);
      const other = await givenList(s, owner);
      const usable = await share(list.id);
      const revoked = [await share(list.id), await share(list.id), await share(list.id)];
      const expiring = await share(list.id, new Date(nextInstant().getTime() + 5_000));
      const elsewhere = await share(other.id);
      const at = nextInstant();
      for (const link of [...revoked, elsewhere]) {
        link.revoke(at);
        await s.shares.save(link);
      }
      expect(await s.shares.countUsable(list.id, at)).toBe(2);
      const later = new Date(at.getTime() + 10_000); // `expiring` has expired by then
      expect(await s.shares.countUsable(list.id, later)).toBe(1);
      expect(await s.shares.deleteUnusableBeyond(list.id, later, 2)).toBe(2);
      // The newest unusable ones stay (the expired one and the last revoked), the usable one, and other lists' links.
      expect((await s.shares.listByList(list.id)).map((x) => x.id)).toEqual([usable.id, revoked[2].id, expiring.id]);
      expect((await s.shares.listByList(other.id)).map((x) => x.id)).toEqual([elsewhere.id]);
      expect(await s.shares.deleteUnusableBeyond(list.id, later, 2)).toBe(0);
    });

    it('stores a share and finds it by id and by the hash of its token', async () => {
      const list = await givenList(s, owner);
      const issued = await share(list.id, nextInstant());
      expect((await s.shares.findById(issued.id))?.toProps()).toEqual(issued.toProps());
      expect((await s.shares.findByTokenHash(hashShareToken(new Sha256TokenHasher(), issued.issuedToken!)))?.id).toBe(issued.id);
      // Only the hash is stored: a share read back does not know its token.
      expect((await s.shares.findById(issued.id))?.issuedToken).toBeNull();
      expect(await s.shares.findByTokenHash(hashShareToken(new Sha256TokenHasher(), 'not-a-token-of-this-store'))).toBeNull();
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
