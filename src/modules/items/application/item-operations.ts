import { routeOperation } from '../../idempotency/idempotent-request';

/**
 * The operation an Idempotency-Key names for an add, whichever door it comes through
 * (POST /v1/actions/add, the MCP tool add_items): one name, so one record answers a retry
 * through either. It is the route's own name for its records (its method and path), which
 * item-operations.spec.ts holds equal to the route the items controller declares.
 */
export const ADD_ITEMS_OPERATION = routeOperation('POST', '/v1/actions/add');
