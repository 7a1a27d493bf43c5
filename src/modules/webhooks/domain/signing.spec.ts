import { Webhook } from 'standardwebhooks';
import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { HmacPayloadSigner } from '../infrastructure/delivery/hmac-payload-signer';
import { generateSigningSecret as generate, isSigningSecret, signatureOf, signedHeaders as signed } from './signing';

const signer = new HmacPayloadSigner();
const generateSigningSecret = () => generate(new NodeSecretGenerator());
const signedHeaders = (secrets: readonly string[], id: string, at: Date, body: string) => signed(signer, secrets, id, at, body);

describe('Standard Webhooks signing', () => {
  it('reproduces the published test vector (standard-webhooks libraries/javascript/src/webhook.test.ts, "sign function works")', () => {
    expect(
      signatureOf(signer, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('makes secrets of 32 random bytes in the whsec_ format', () => {
    const secret = generateSigningSecret();
    expect(isSigningSecret(secret)).toBe(true);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateSigningSecret()).not.toBe(secret);
  });

  it('signs so that the standardwebhooks package verifies, with either secret during a rotation', () => {
    const [current, previous] = [generateSigningSecret(), generateSigningSecret()];
    const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test', data: { ü: 'ñ' } });
    const headers = signedHeaders([current, previous], 'evt_1', new Date(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateSigningSecret()).verify(body, { ...headers })).toThrow();
    expect(() => new Webhook(current).verify(`${body} `, { ...headers })).toThrow();
  });

  it('puts the id and the Unix seconds of the attempt in the headers', () => {
    const headers = signedHeaders([generateSigningSecret()], 'evt_x', new Date('2026-11-24T10:00:00.999Z'), '{}');
    expect(headers['webhook-id']).toBe('evt_x');
    expect(headers['webhook-timestamp']).toBe(String(Date.parse('2026-11-24T10:00:00Z') / 1000));
  });
});
