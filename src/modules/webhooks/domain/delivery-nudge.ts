/** Port: tells the delivery worker that something is due now, so it need not wait for its next poll. */
export abstract class DeliveryNudge {
  abstract nudge(): void;
}
