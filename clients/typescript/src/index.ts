export { TodoClient } from './client.ts';
export type {
  ActionsResource,
  EventsResource,
  FeedFollower,
  FeedPageQuery,
  FeedQuery,
  FollowOptions,
  InvitationsResource,
  ItemsResource,
  ListsResource,
  MeResource,
  MembersResource,
  SandboxResource,
  SharesResource,
  WebhooksResource,
} from './client.ts';
export { ApiError, ConnectionError, FeedExpiredError, type ErrorDetails } from './errors.ts';
export type { ClientOptions, FetchLike, RequestOptions, RetryNotice } from './http.ts';
export { OPERATIONS, type OperationId, type Route } from './operations.ts';
export { paginate, type Page } from './paging.ts';
export { parseRetryAfter, type RetryOptions } from './retry.ts';
export type * from './types.ts';
export { verifyWebhook, WebhookVerificationError, type VerifyOptions, type WebhookEvent, type WebhookHeaders } from './webhooks.ts';
