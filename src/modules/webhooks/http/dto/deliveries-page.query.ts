import { PageQuery } from '../../../../common/http/page.query';

/** Query of GET /v1/webhooks/:id/deliveries. */
export class DeliveriesPageQuery extends PageQuery {}
