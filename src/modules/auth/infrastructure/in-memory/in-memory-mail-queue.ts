import { MailQueue, OutgoingMail } from '../../../../common/ports/mail-queue';

/** Keeps queued mail in memory, for specs to read back. */
export class InMemoryMailQueue extends MailQueue {
  readonly queued: OutgoingMail[] = [];

  async enqueue(mail: OutgoingMail): Promise<void> {
    this.queued.push({ ...mail });
  }
}
