import { randomBytes } from 'node:crypto';
import type { OutgoingMail } from '../../../../common/ports/mail-queue';
import { Clock, SystemClock } from '../../../../common/ports/clock';
import { IdGenerator } from '../../../../common/ports/id-generator';
import { UuidGenerator } from '../../../../common/crypto/uuid-generator';
import { SealedMailQueue } from '../../domain/sealed-mail-queue';
import type { MailBodyCipher } from '../../domain/mail-body-cipher';
import { aesGcmMailBodyCipher } from '../aes-gcm-mail-body-cipher';
import { InMemoryMailRepository } from './in-memory-mail.repository';

/**
 * The MailQueue of unit specs and in-memory wiring: the service's own SealedMailQueue (same
 * checks, body sealed) over the in-memory repository, under a key of its own, with the
 * messages it holds opened again for assertions.
 */
export class InMemoryMailQueue extends SealedMailQueue {
  private readonly opener: MailBodyCipher;

  constructor(
    readonly store = new InMemoryMailRepository(),
    clock: Clock = new SystemClock(),
    ids: IdGenerator = new UuidGenerator(),
  ) {
    const cipher = aesGcmMailBodyCipher(randomBytes(32));
    super(store, cipher, clock, ids);
    this.opener = cipher;
  }

  /** Every message queued, in the order it was queued, its text opened. */
  queued(): OutgoingMail[] {
    return [...this.store.rows.values()].map((m) => ({
      to: m.to,
      subject: m.subject,
      kind: m.kind,
      text: m.sealedBody === null ? '' : this.opener.open(m.sealedBody, m.id),
    }));
  }
}
