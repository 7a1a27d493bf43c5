import type { WebhookProps } from './webhook';

/** Port: webhook endpoints. */
export abstract class WebhookRepository {
  abstract insert(webhook: WebhookProps): Promise<void>;
  /** The webhook if it belongs to `userId`; another account's is null, as an unknown one. */
  abstract findOwned(userId: string, id: string): Promise<WebhookProps | null>;
  /** The account's webhooks, oldest first. */
  abstract listByUser(userId: string): Promise<WebhookProps[]>;
  abstract countByUser(userId: string): Promise<number>;
  /**
   * Serialises webhook creations of one account until the unit of work ends, so two
   * concurrent creations cannot both pass the per-account limit.
   */
  abstract lockAccount(userId: string): Promise<void>;
  /** Deletes the webhook (its deliveries go with it); false when it is not the account's. */
  abstract deleteOwned(userId: string, id: string): Promise<boolean>;
  /** Writes the secrets after a rotation. */
  abstract saveSecrets(webhook: WebhookProps): Promise<void>;
  /** A delivery succeeded: the failure streak ends. */
  abstract recordSuccess(id: string): Promise<void>;
  /** A delivery failed at `now`: starts the failure streak unless one already runs. */
  abstract recordFailure(id: string, now: Date): Promise<void>;
  abstract disable(id: string, reason: string): Promise<void>;
}
