import { DeliveryAttemptLog, type InspectedAttempt } from '../../domain/delivery-attempt-log';

const copy = (attempt: InspectedAttempt): InspectedAttempt => structuredClone(attempt);

/** A working attempt log in memory, for unit specs. */
export class InMemoryDeliveryAttemptLog extends DeliveryAttemptLog {
  private readonly attempts: InspectedAttempt[] = [];

  async record(attempt: InspectedAttempt): Promise<void> {
    if (this.attempts.some((kept) => kept.deliveryId === attempt.deliveryId && kept.attempt === attempt.attempt)) {
      throw new Error(`attempt ${attempt.attempt} of ${attempt.deliveryId} recorded twice (primary key)`);
    }
    this.attempts.push(copy(attempt));
  }

  async ofDelivery(deliveryId: string): Promise<InspectedAttempt[]> {
    return this.attempts
      .filter((attempt) => attempt.deliveryId === deliveryId)
      .sort((a, b) => a.attempt - b.attempt)
      .map(copy);
  }
}
