import { Clock } from '../../../common/ports/clock';
import type { ClaimedDelivery } from './delivery';
import { SecretCipher } from './secret-cipher';
import { PayloadSigner, signedHeaders } from './signing';
import type { OutgoingRequest } from './webhook-sender';

/**
 * The POST of a claimed delivery: its payload as stored, signed at the time of the attempt
 * with each of the webhook's live secrets, opened here and nowhere else.
 */
export class DeliveryRequests {
  constructor(
    private readonly cipher: SecretCipher,
    private readonly signer: PayloadSigner,
    private readonly clock: Clock,
  ) {}

  /** Throws SecretUnreadable when a secret does not open. */
  of({ delivery, webhook }: ClaimedDelivery): OutgoingRequest {
    const secrets = webhook.sealedSecrets.map((sealed) => this.cipher.open(sealed, webhook.id));
    const headers = signedHeaders(this.signer, secrets, delivery.eventId, this.clock.now(), delivery.payload);
    return { url: webhook.url, headers: { 'content-type': 'application/json', ...headers }, body: delivery.payload };
  }
}
