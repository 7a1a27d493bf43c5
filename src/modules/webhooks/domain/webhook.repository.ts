import type { Viewer } from '../../../common/auth/principal';
import type { WebhookProps } from './webhook';

/**
 * Port: webhook endpoints. A viewer sees its account's webhooks; a list-restricted key only
 * those whose list_id is one of its lists (an account-wide webhook, or one of another list,
 * would show events beyond them). The reads below apply that rule (reachedByKeySql, reachesList).
 */
export abstract class WebhookRepository {
  abstract insert(webhook: WebhookProps): Promise<void>;
  /** The webhook if the viewer sees it; another account's (or one outside a restricted key's lists) is null, as an unknown one. */
  abstract findOwned(viewer: Viewer, id: string): Promise<WebhookProps | null>;
  /** The webhooks the viewer sees, oldest first. */
  abstract listByUser(viewer: Viewer): Promise<WebhookProps[]>;
  /** All of the account's webhooks, whatever key asks: the per-account limit counts them all. */
  abstract countByUser(userId: string): Promise<number>;
  /**
   * Serialises webhook creations of one account until the unit of work ends, so two
   * concurrent creations cannot both pass the per-account limit.
   */
  abstract lockAccount(userId: string): Promise<void>;
  /**
   * Locks the webhook's row until the unit of work ends. A transaction that writes both a
   * webhook and its deliveries takes the webhook first (the deletes do so by their cascade), so
   * two of them never each hold a row the other waits for.
   */
  abstract lock(id: string): Promise<void>;
  /** Deletes the webhook (its deliveries go with it); false when the viewer does not see it (findOwned). */
  abstract deleteOwned(viewer: Viewer, id: string): Promise<boolean>;
  /** Deletes all of the account's webhooks with their deliveries; returns how many webhooks went. */
  abstract deleteAllOf(userId: string): Promise<number>;
  /** Writes the secrets after a rotation. */
  abstract saveSecrets(webhook: WebhookProps): Promise<void>;
  /** A delivery succeeded: the failure streak ends. */
  abstract recordSuccess(id: string): Promise<void>;
  /** A delivery failed at `now`: starts the failure streak unless one already runs. */
  abstract recordFailure(id: string, now: Date): Promise<void>;
  abstract disable(id: string, reason: string): Promise<void>;
}
