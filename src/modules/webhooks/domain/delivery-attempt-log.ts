/** Bytes of a receiver's answer kept for the delivery inspector. */
export const KEPT_RESPONSE_BYTES = 4 * 1024;

/** Characters of a signature shown after its version: enough to tell two apart, useless to forge. */
const SIGNATURE_SHOWN = 4;

/** What a receiver answered, as much as is kept of it. */
export interface AttemptResponse {
  /** Its headers, names in lower case, repeated ones joined by `, `; a cookie it sets is not kept. */
  headers: Record<string, string>;
  /** The first KEPT_RESPONSE_BYTES bytes of its body, as UTF-8 text. */
  body: string;
  bodyTruncated: boolean;
}

/** One attempt of a delivery as the delivery inspector shows it. */
export interface InspectedAttempt {
  deliveryId: string;
  /** 1 for the first attempt. */
  attempt: number;
  startedAt: Date;
  durationMs: number;
  /** The headers signed and sent, the signatures cut to their prefix; null when no request could be made. */
  requestHeaders: Record<string, string> | null;
  /** The receiver's status; null when it did not answer. */
  statusCode: number | null;
  response: AttemptResponse | null;
  /** Why the attempt failed (`HTTP 500`, a timeout, a refused address); null when it succeeded. */
  error: string | null;
}

/**
 * Port: each delivery's attempts, for the delivery inspector. Written by the delivery worker in
 * the unit of work that writes the attempt's result, so an attempt is shown exactly when it
 * counted; deleted with its delivery.
 */
export abstract class DeliveryAttemptLog {
  abstract record(attempt: InspectedAttempt): Promise<void>;
  /** The delivery's attempts, oldest first. */
  abstract ofDelivery(deliveryId: string): Promise<InspectedAttempt[]>;
}

/**
 * `webhook-signature` as the inspector shows it: each `v1,<base64>` cut to its first
 * characters (`v1,3f2a…`), so the page tells which secrets signed without showing a signature
 * anyone could replay.
 */
export const redactedSignature = (header: string): string =>
  header
    .split(' ')
    .filter((part) => part !== '')
    .map((signature) => {
      const comma = signature.indexOf(',');
      return comma < 0 ? '…' : `${signature.slice(0, comma + 1 + SIGNATURE_SHOWN)}…`;
    })
    .join(' ');

/** The headers of a request as the inspector keeps them: the signature cut to its prefix. */
export function inspectedHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) kept[name] = name === 'webhook-signature' ? redactedSignature(value) : value;
  return kept;
}
