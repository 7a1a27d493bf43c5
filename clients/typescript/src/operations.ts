import type { operations } from './generated/openapi.ts';
import type { Method } from './http.ts';

export interface Route {
  method: Method;
  /** The path as the OpenAPI document writes it, `{name}` for a parameter. */
  path: string;
}

/**
 * Every operation of `/v1/`, by its operationId, with its method and path. `satisfies` makes
 * the type check fail when the generated types (regenerated from the service's document) hold
 * an operation missing here; test/client.e2e-spec.ts checks the methods and paths against the
 * document, and that the client's methods call each of them.
 */
export const OPERATIONS = {
  Profile_me: { method: 'GET', path: '/v1/me' },
  Lists_page: { method: 'GET', path: '/v1/lists' },
  Lists_create: { method: 'POST', path: '/v1/lists' },
  Lists_get: { method: 'GET', path: '/v1/lists/{id}' },
  Lists_rename: { method: 'PATCH', path: '/v1/lists/{id}' },
  Lists_delete: { method: 'DELETE', path: '/v1/lists/{id}' },
  Lists_members: { method: 'GET', path: '/v1/lists/{id}/members' },
  Lists_changeRole: { method: 'PATCH', path: '/v1/lists/{id}/members/{user_id}' },
  Lists_removeMember: { method: 'DELETE', path: '/v1/lists/{id}/members/{user_id}' },
  Invitations_ofList: { method: 'GET', path: '/v1/lists/{id}/invitations' },
  Invitations_invite: { method: 'POST', path: '/v1/lists/{id}/invitations' },
  Invitations_revoke: { method: 'DELETE', path: '/v1/lists/{id}/invitations/{inv_id}' },
  Invitations_mine: { method: 'GET', path: '/v1/invitations' },
  Invitations_accept: { method: 'POST', path: '/v1/invitations/{inv_id}/accept' },
  Invitations_decline: { method: 'POST', path: '/v1/invitations/{inv_id}/decline' },
  Shares_list: { method: 'GET', path: '/v1/lists/{id}/shares' },
  Shares_create: { method: 'POST', path: '/v1/lists/{id}/shares' },
  Shares_revoke: { method: 'DELETE', path: '/v1/lists/{id}/shares/{share_id}' },
  Shares_join: { method: 'POST', path: '/v1/shares/{token}/join' },
  Items_page: { method: 'GET', path: '/v1/lists/{id}/items' },
  Items_item: { method: 'GET', path: '/v1/lists/{id}/items/{item_id}' },
  Items_add: { method: 'POST', path: '/v1/actions/add' },
  Items_complete: { method: 'POST', path: '/v1/actions/complete' },
  Items_reopen: { method: 'POST', path: '/v1/actions/reopen' },
  Items_remove: { method: 'POST', path: '/v1/actions/remove' },
  ItemEdits_patch: { method: 'PATCH', path: '/v1/lists/{id}/items/{item_id}' },
  ItemEdits_update: { method: 'POST', path: '/v1/actions/update' },
  ItemEdits_move: { method: 'POST', path: '/v1/actions/move' },
  Events_feed: { method: 'GET', path: '/v1/events' },
  Webhooks_list: { method: 'GET', path: '/v1/webhooks' },
  Webhooks_create: { method: 'POST', path: '/v1/webhooks' },
  Webhooks_delete: { method: 'DELETE', path: '/v1/webhooks/{id}' },
  Webhooks_rotate: { method: 'POST', path: '/v1/webhooks/{id}/rotate-secret' },
  Webhooks_test: { method: 'POST', path: '/v1/webhooks/{id}/test' },
  Webhooks_deliveries: { method: 'GET', path: '/v1/webhooks/{id}/deliveries' },
  Webhooks_retry: { method: 'POST', path: '/v1/webhooks/{id}/deliveries/{delivery_id}/retry' },
  Sandbox_reset: { method: 'POST', path: '/v1/sandbox/reset' },
} as const satisfies { [Op in keyof operations]: Route };

export type OperationId = keyof typeof OPERATIONS;

/** The path of `op` with its parameters filled in (each percent-encoded). */
export function pathOf(op: OperationId, params: Record<string, string> = {}): string {
  return OPERATIONS[op].path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${op}: the path parameter ${name} is missing`);
    return encodeURIComponent(value);
  });
}
