import { createHmac } from 'node:crypto';
import { PayloadSigner } from '../../domain/signing';

/** HMAC-SHA256 from node:crypto. */
export class HmacPayloadSigner extends PayloadSigner {
  sign(keyBase64: string, content: string): string {
    return createHmac('sha256', Buffer.from(keyBase64, 'base64')).update(content).digest('base64');
  }
}
