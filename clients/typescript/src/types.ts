import type { components, operations } from './generated/openapi.ts';

type Schemas = components['schemas'];

/** The `data` of an operation's 200 answer, as the OpenAPI document declares it. */
export type DataOf<Op extends keyof operations> = operations[Op]['responses'] extends {
  200: { content: { 'application/json': infer Envelope } };
}
  ? Envelope extends { data: infer Data }
    ? NonNullable<Data>
    : never
  : never;

/** The JSON body an operation takes. */
export type BodyOf<Op extends keyof operations> = operations[Op] extends { requestBody?: { content: { 'application/json': infer Body } } }
  ? Body
  : never;

/** The query parameters an operation takes. */
export type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type Me = Schemas['Me'];
export type List = Schemas['List'];
export type ListRef = Schemas['ListRef'];
export type Item = Schemas['Item'];
export type Member = Schemas['Member'];
export type Invitation = Schemas['Invitation'];
export type Share = Schemas['Share'];
export type Event = Schemas['Event'];
export type Webhook = Schemas['Webhook'];
export type NewWebhook = Schemas['NewWebhook'];
export type Delivery = Schemas['Delivery'];
export type UserSummary = Schemas['UserSummary'];
export type Role = Member['role'];
export type EventType = Event['type'];
export type { components, operations, paths } from './generated/openapi.ts';
