import type { Viewer } from '../../../common/auth/principal';
import { isUuid } from '../../../common/ports/id-generator';
import type { WebhookProps } from './webhook';
import { WebhookRepository } from './webhook.repository';
import { WebhookNotFound } from './webhooks.errors';

/**
 * A webhook the viewer sees (WebhookRepository.findOwned): another account's, one outside a
 * restricted key's lists, an unknown id and a malformed one are the same 404, whichever service asks.
 */
export async function ownedWebhook(webhooks: WebhookRepository, viewer: Viewer, webhookId: string): Promise<WebhookProps> {
  const webhook = isUuid(webhookId) ? await webhooks.findOwned(viewer, webhookId.toLowerCase()) : null;
  if (!webhook) throw new WebhookNotFound();
  return webhook;
}
