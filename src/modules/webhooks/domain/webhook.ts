import type { EventType } from './event-types';
import { FAILING_DISABLE_AFTER_MS, PREVIOUS_SECRET_TTL_MS } from './limits';

export type WebhookStatus = 'active' | 'disabled';

export interface WebhookProps {
  id: string;
  userId: string;
  url: string;
  /** Event types delivered; null: every type. */
  types: EventType[] | null;
  /** Only events of this list; null: every list the owner can see. */
  listId: string | null;
  status: WebhookStatus;
  /** The signing secret, sealed by the SecretCipher (never stored in the clear). */
  sealedSecret: string;
  /** The secret before the last rotation, sealed; it keeps signing until previousSecretExpiresAt. */
  sealedPreviousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  /** The first failure since the last success (or since creation); null while deliveries succeed. */
  firstFailureAt: Date | null;
  disabledReason: string | null;
}

/** The secrets that sign at `now`: the current one, then the rotated-out one while it lasts. */
export function sealedSecretsAt(props: WebhookProps, now: Date): string[] {
  const previousLasts =
    props.sealedPreviousSecret !== null &&
    props.previousSecretExpiresAt !== null &&
    now.getTime() < props.previousSecretExpiresAt.getTime();
  return previousLasts ? [props.sealedSecret, props.sealedPreviousSecret!] : [props.sealedSecret];
}

/** A rotation: the new secret signs from now on, the current one beside it for 24 h. */
export function rotated(props: WebhookProps, sealedNewSecret: string, now: Date): WebhookProps {
  return {
    ...props,
    sealedSecret: sealedNewSecret,
    sealedPreviousSecret: props.sealedSecret,
    previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_TTL_MS),
  };
}

/** Whether a failure at `now` ends five days of failures without a success, which disables the webhook. */
export function failingTooLong(firstFailureAt: Date | null, now: Date): boolean {
  return firstFailureAt !== null && now.getTime() - firstFailureAt.getTime() >= FAILING_DISABLE_AFTER_MS;
}
