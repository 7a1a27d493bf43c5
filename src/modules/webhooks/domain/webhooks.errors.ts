import { InvalidInput, NotFoundError, RuleViolation } from '../../../common/errors/domain-error';
import { MAX_WEBHOOKS_PER_ACCOUNT } from './limits';

/** Unknown, another account's and malformed ids are one answer, so existence never leaks. */
export class WebhookNotFound extends NotFoundError {
  constructor() {
    super('WEBHOOK_NOT_FOUND', 'Webhook not found');
  }
}

export class DeliveryNotFound extends NotFoundError {
  constructor() {
    super('DELIVERY_NOT_FOUND', 'Delivery not found');
  }
}

export class WebhookLimit extends RuleViolation {
  constructor() {
    super('WEBHOOK_LIMIT', `An account may have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks: delete one first`);
  }
}

export class WebhookDisabled extends RuleViolation {
  constructor() {
    super('WEBHOOK_DISABLED', 'The webhook is disabled: create a new one to receive deliveries again');
  }
}

/** A URL the service will not send to (API.md section 8): 400, with the reason. */
export class WebhookUrlRefused extends InvalidInput {
  constructor(reason: string) {
    super('WEBHOOK_URL_REFUSED', `url ${reason}`);
  }
}
