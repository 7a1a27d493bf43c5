import { AccountsAndKeys1763800000000 } from './1763800000000-accounts-and-keys';
import { Sessions1763800050000 } from './1763800050000-sessions';
import { Lists1763800100000 } from './1763800100000-lists';
import { InvitationsAndShares1763800150000 } from './1763800150000-invitations-and-shares';
import { Items1763800200000 } from './1763800200000-items';
import { Idempotency1763800300000 } from './1763800300000-idempotency';
import { ItemsPage1763800400000 } from './1763800400000-items-page';
import { ServiceSecrets1763800500000 } from './1763800500000-service-secrets';
import { ShareTokensHashedOnly1763800560000 } from './1763800560000-share-tokens-hashed-only';
import { CaseFoldedKeys1763800600000 } from './1763800600000-case-folded-keys';
import { Events1763800700000 } from './1763800700000-events';
import { Webhooks1763800800000 } from './1763800800000-webhooks';
import { WebhookRelay1763800900000 } from './1763800900000-webhook-relay';
import { EventBatches1763801000000 } from './1763801000000-event-batches';
import { ListVersions1763801100000 } from './1763801100000-list-versions';
import { RestrictedKeys1763801200000 } from './1763801200000-restricted-keys';
import { KeyUsage1763801250000 } from './1763801250000-key-usage';
import { Mail1763801300000 } from './1763801300000-mail';
import { AccountTokens1763801350000 } from './1763801350000-account-tokens';
import { Livemode1763801400000 } from './1763801400000-livemode';
import { FailedDeliveriesIndex1763801450000 } from './1763801450000-failed-deliveries-index';
import { ItemFields1763801500000 } from './1763801500000-item-fields';
import { RequestLogs1763801530000 } from './1763801530000-request-logs';
import { DeliveryAttempts1763801540000 } from './1763801540000-delivery-attempts';
import { ItemFieldsBackfill1763801550000 } from './1763801550000-item-fields-backfill';
import { ItemViews1763801600000 } from './1763801600000-item-views';
import { EventAudienceFromList1763801700000 } from './1763801700000-event-audience-from-list';
import { ItemNotesKey1763801800000 } from './1763801800000-item-notes-key';
import { ItemWordKeys1763801850000 } from './1763801850000-item-word-keys';
import { DropJoinedWordsIndex1763801900000 } from './1763801900000-drop-joined-words-index';
import { ListDatedDueIndex1763801950000 } from './1763801950000-list-dated-due-index';
import { ItemsDuePage1763801960000 } from './1763801960000-items-due-page';

/**
 * Every migration, in the order they were written. Migrations are the only way the
 * schema changes (synchronize is never on); they run at start under an advisory lock.
 */
export const MIGRATIONS = [
  AccountsAndKeys1763800000000,
  Sessions1763800050000,
  Lists1763800100000,
  InvitationsAndShares1763800150000,
  Items1763800200000,
  Idempotency1763800300000,
  ItemsPage1763800400000,
  ServiceSecrets1763800500000,
  ShareTokensHashedOnly1763800560000,
  CaseFoldedKeys1763800600000,
  Events1763800700000,
  Webhooks1763800800000,
  WebhookRelay1763800900000,
  EventBatches1763801000000,
  ListVersions1763801100000,
  RestrictedKeys1763801200000,
  KeyUsage1763801250000,
  Mail1763801300000,
  AccountTokens1763801350000,
  Livemode1763801400000,
  FailedDeliveriesIndex1763801450000,
  ItemFields1763801500000,
  RequestLogs1763801530000,
  DeliveryAttempts1763801540000,
  ItemFieldsBackfill1763801550000,
  ItemViews1763801600000,
  EventAudienceFromList1763801700000,
  ItemNotesKey1763801800000,
  ItemWordKeys1763801850000,
  DropJoinedWordsIndex1763801900000,
  ListDatedDueIndex1763801950000,
  ItemsDuePage1763801960000,
];
