import { isoTime } from '../../../common/http/iso-time';
import type { KeyUsageReport } from '../../usage/domain/key-usage.service';

/** A key's usage as the developer page reads it: flat counts per day, keyed by status class. */
export const presentKeyUsage = (usage: KeyUsageReport) => ({
  key_id: usage.keyId,
  days: usage.days.map((day) => ({ date: day.date, ...day.counts })),
  totals: { ...usage.totals },
  updated_at: isoTime(usage.readAt),
});
