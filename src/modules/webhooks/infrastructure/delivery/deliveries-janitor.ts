import { Injectable } from '@nestjs/common';
import { Janitor } from '../../../../common/scheduling/janitor';
import { DELIVERY_RETENTION_MS } from '../../domain/limits';
import { DeliveryRepository } from '../../domain/delivery.repository';

/**
 * Deletes succeeded and failed webhook deliveries older than their retention every 15
 * minutes, in each mode, a batch at a time, so the deliveries table stays bounded. The time
 * comes from the Clock port.
 */
@Injectable()
export class DeliveriesJanitor extends Janitor({
  source: DeliveryRepository,
  deleteBatch: (deliveries, clock, batch) => deliveries.purgeFinishedBefore(new Date(clock.now().getTime() - DELIVERY_RETENTION_MS), batch),
  name: 'webhook-deliveries-janitor',
  what: 'old webhook deliveries',
  logContext: 'Webhooks',
  eachMode: true,
}) {}
