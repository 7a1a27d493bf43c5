import { addCounts, type KeyDayUsage } from '../../domain/key-usage';
import { KeyUsageRepository } from '../../domain/key-usage.repository';

/** A working KeyUsageRepository in memory; `keyExists` stands for the foreign key to the keys. */
export class InMemoryKeyUsageRepository extends KeyUsageRepository {
  private readonly rows = new Map<string, KeyDayUsage>();

  constructor(private readonly keyExists: (keyId: string) => boolean = () => true) {
    super();
  }

  async add(rows: readonly KeyDayUsage[]): Promise<void> {
    const ids = rows.map((row) => `${row.keyId}/${row.day}`);
    if (new Set(ids).size !== ids.length) throw new Error('one key and day twice in one add');
    rows.forEach((row, index) => {
      if (!this.keyExists(row.keyId)) return;
      const stored = this.rows.get(ids[index]);
      if (stored) addCounts(stored.counts, row.counts);
      else this.rows.set(ids[index], { keyId: row.keyId, day: row.day, counts: { ...row.counts } });
    });
  }

  async daysOf(keyId: string, fromDay: number, toDay: number): Promise<KeyDayUsage[]> {
    return [...this.rows.values()]
      .filter((row) => row.keyId === keyId && row.day >= fromDay && row.day <= toDay && this.keyExists(keyId))
      .sort((a, b) => a.day - b.day)
      .map((row) => ({ keyId: row.keyId, day: row.day, counts: { ...row.counts } }));
  }

  async deleteBefore(day: number, limit: number): Promise<number> {
    let deleted = 0;
    for (const [id, row] of this.rows) {
      if (deleted === limit) break;
      if (row.day < day) {
        this.rows.delete(id);
        deleted += 1;
      }
    }
    return deleted;
  }
}
