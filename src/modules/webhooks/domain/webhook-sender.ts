import type { AttemptResult } from './delivery';

export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Port: one POST of a delivery. It never throws for what the receiver or the network did
 * (a timeout, a refused connection, a non-public address at send time): those are results.
 */
export abstract class WebhookSender {
  abstract send(request: OutgoingRequest): Promise<AttemptResult>;
}
