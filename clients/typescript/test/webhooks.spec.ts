import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError } from '../src/index.ts';

// Two secrets as the service makes them: whsec_ + base64 of 32 random bytes.
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const OLD_SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const NOW = Date.parse('2026-11-28T10:00:00Z');
const BODY = JSON.stringify({ id: 'evt_1', type: 'item.added', data: { item: { text: 'café ✓' } } });

/** A delivery signed by the independent `standardwebhooks` package, with one signature per secret (a rotation sends two). */
function delivery({ secrets = [SECRET], at = NOW, body = BODY, id = 'evt_1' } = {}) {
  const signature = secrets.map((secret) => new Webhook(secret).sign(id, new Date(at), body)).join(' ');
  return { headers: { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at / 1000)), 'webhook-signature': signature }, body };
}

const now = () => NOW;

describe('verifyWebhook', () => {
  it('verifies a delivery signed by the standardwebhooks package and answers its event', async () => {
    const { headers, body } = delivery();
    await expect(verifyWebhook(SECRET, headers, body, { now })).resolves.toEqual(JSON.parse(BODY));
  });

  it('takes the body as bytes and the headers as a Fetch Headers object', async () => {
    const { headers, body } = delivery();
    await expect(verifyWebhook(SECRET, new Headers(headers), new TextEncoder().encode(body), { now })).resolves.toMatchObject({
      id: 'evt_1',
    });
  });

  it('takes Node-style headers of any case, a value given as an array', async () => {
    const { headers, body } = delivery();
    const nodeStyle = {
      'Webhook-Id': headers['webhook-id'],
      'WEBHOOK-TIMESTAMP': headers['webhook-timestamp'],
      'webhook-signature': [headers['webhook-signature']],
    };
    await expect(verifyWebhook(SECRET, nodeStyle, body, { now })).resolves.toMatchObject({ id: 'evt_1' });
  });

  it('during a rotation, accepts the delivery with either secret, and with both given', async () => {
    const { headers, body } = delivery({ secrets: [SECRET, OLD_SECRET] });
    await expect(verifyWebhook(SECRET, headers, body, { now })).resolves.toMatchObject({ id: 'evt_1' });
    await expect(verifyWebhook(OLD_SECRET, headers, body, { now })).resolves.toMatchObject({ id: 'evt_1' });
    const single = delivery({ secrets: [OLD_SECRET] });
    await expect(verifyWebhook([SECRET, OLD_SECRET], single.headers, single.body, { now })).resolves.toMatchObject({ id: 'evt_1' });
  });

  it('refuses another secret, a changed body, a changed id or timestamp, and a signature of another version', async () => {
    const { headers, body } = delivery();
    const refused = (secret: string | string[], h: Record<string, string>, b: string) =>
      expect(verifyWebhook(secret, h, b, { now })).rejects.toThrow(new WebhookVerificationError('no signature matches the secret'));
    await refused(OLD_SECRET, headers, body);
    await refused(SECRET, headers, body.replace('café', 'cafe'));
    await refused(SECRET, { ...headers, 'webhook-id': 'evt_2' }, body);
    await refused(SECRET, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1) }, body);
    await refused(SECRET, { ...headers, 'webhook-signature': headers['webhook-signature'].replace('v1,', 'v2,') }, body);
    await refused(SECRET, { ...headers, 'webhook-signature': 'v1,not*base64' }, body);
  });

  it('refuses a timestamp outside the tolerance, either way, and accepts one at its edge', async () => {
    const old = delivery({ at: NOW - 301_000 });
    await expect(verifyWebhook(SECRET, old.headers, old.body, { now })).rejects.toThrow(/301 s away from now \(tolerance 300 s\)/);
    const future = delivery({ at: NOW + 400_000 });
    await expect(verifyWebhook(SECRET, future.headers, future.body, { now })).rejects.toThrow(WebhookVerificationError);
    const edge = delivery({ at: NOW - 300_000 });
    await expect(verifyWebhook(SECRET, edge.headers, edge.body, { now })).resolves.toMatchObject({ id: 'evt_1' });
    await expect(verifyWebhook(SECRET, old.headers, old.body, { now, toleranceSeconds: 600 })).resolves.toMatchObject({ id: 'evt_1' });
  });

  it('refuses a delivery without its headers, or when given no secret', async () => {
    const { headers, body } = delivery();
    await expect(verifyWebhook([], headers, body, { now })).rejects.toThrow(new WebhookVerificationError('no secret given'));
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
      const partial: Record<string, string> = { ...headers };
      delete partial[name];
      await expect(verifyWebhook(SECRET, partial, body, { now })).rejects.toThrow(
        /missing webhook-id, webhook-timestamp or webhook-signature/,
      );
    }
    await expect(verifyWebhook(SECRET, { ...headers, 'webhook-timestamp': '12abc' }, body, { now })).rejects.toThrow(/not a number/);
  });

  it('agrees with the standardwebhooks package on what verifies, signature by signature', async () => {
    // Both sides judge the same deliveries, signed at the real current time so that the package's own clock agrees.
    const at = Date.now();
    const verifies = async (signed: ReturnType<typeof delivery>) => {
      let theirs = true;
      try {
        new Webhook(SECRET).verify(signed.body, signed.headers);
      } catch {
        theirs = false;
      }
      const ours = await verifyWebhook(SECRET, signed.headers, signed.body, { now: () => at }).then(
        () => true,
        () => false,
      );
      return { theirs, ours };
    };
    const good = delivery({ at, body: '{"emoji":"😀","astral":"𝄞","escaped":"\\u0000"}' });
    const rotated = delivery({ at, secrets: [OLD_SECRET, SECRET] });
    const forged = delivery({ at, secrets: [OLD_SECRET] });
    const tampered = { ...good, body: good.body.replace('😀', '😁') };
    expect(await verifies(good)).toEqual({ theirs: true, ours: true });
    expect(await verifies(rotated)).toEqual({ theirs: true, ours: true });
    expect(await verifies(forged)).toEqual({ theirs: false, ours: false });
    expect(await verifies(tampered)).toEqual({ theirs: false, ours: false });
  });
});
