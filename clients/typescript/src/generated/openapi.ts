// Generated from the service's OpenAPI document (GET /v1/openapi.json, its /v1/ paths) by
// scripts/generate-types.mjs with openapi-typescript. Do not edit: `npm run client:types`
// regenerates it from a running service.
/* eslint-disable */
export interface paths {
    "/v1/actions/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Adds items to a list, in request order (not idempotent unless an Idempotency-Key is sent) */
        post: operations["Items_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/actions/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Completes items, given by id or text; all or nothing */
        post: operations["Items_complete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/actions/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Moves items, as a block in request order, before or after an item, to the top or the bottom, within a list or to another */
        post: operations["ItemEdits_move"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/actions/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Removes items for good, given by id or text; answers them as they were; all or nothing */
        post: operations["Items_remove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/actions/reopen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reopens completed items, given by id or text; all or nothing */
        post: operations["Items_reopen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/actions/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sets fields on items given by id or text; all or nothing */
        post: operations["ItemEdits_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The change feed: events of the lists the caller could see, oldest first (or newest first with order=newest) */
        get: operations["Events_feed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending invitations addressed to the caller's email */
        get: operations["Invitations_mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations/{inv_id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accepts an invitation: the caller joins the list with the invited role */
        post: operations["Invitations_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations/{inv_id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Declines an invitation */
        post: operations["Invitations_decline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Items across every list the key can see, filtered and ordered (due order by default; keyset pagination)
         * @description Answers the items with `lists`, the id and name of each list an item of the page is on.
         */
        get: operations["Items_find"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lists the caller owns or is a member of, oldest first */
        get: operations["Lists_page"];
        put?: never;
        /** Creates a list owned by the caller */
        post: operations["Lists_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One list */
        get: operations["Lists_get"];
        put?: never;
        post?: never;
        /** Deletes a list with its items, members, invitations and share links (owner) */
        delete: operations["Lists_delete"];
        options?: never;
        head?: never;
        /** Renames a list (owner) */
        patch: operations["Lists_rename"];
        trace?: never;
    };
    "/v1/lists/{id}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every invitation of the list, whatever its status (owner) */
        get: operations["Invitations_ofList"];
        put?: never;
        /** Invites an email address to the list with a role (owner) */
        post: operations["Invitations_invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{id}/invitations/{inv_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revokes a pending invitation (owner) */
        delete: operations["Invitations_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of the items of a list, filtered and ordered (position order by default; keyset pagination)
         * @description Without filters (status, sort, limit and cursor aside) the answer carries an ETag that changes with every change to the list's items; a request whose If-None-Match names it is answered 304 without a body.
         */
        get: operations["Items_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{id}/items/{item_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One item of a list, with its version as ETag; If-None-Match with the current ETag is answered 304 without a body */
        get: operations["Items_item"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Edits one item: only the members sent change (null clears due and assignee); If-Match makes it conditional */
        patch: operations["ItemEdits_patch"];
        trace?: never;
    };
    "/v1/lists/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members of a list, owner first */
        get: operations["Lists_members"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{id}/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes a member (owner), or leaves the list (the member themself) */
        delete: operations["Lists_removeMember"];
        options?: never;
        head?: never;
        /** Changes a member's role to editor or viewer (owner) */
        patch: operations["Lists_changeRole"];
        trace?: never;
    };
    "/v1/lists/{id}/shares": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Share links of the list, revoked ones included (owner) */
        get: operations["Shares_list"];
        put?: never;
        /** Creates a share link with a role and an optional expiry (owner) */
        post: operations["Shares_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{id}/shares/{share_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revokes a share link: no new joins; members who joined stay (owner) */
        delete: operations["Shares_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account and the calling key: its mode, scopes, lists, expiry and addresses */
        get: operations["Profile_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resets the caller's sandbox (test keys only; a live key is a 403 before the scope check): deletes the sandbox lists it owns, each recorded as list.deleted, leaves the sandbox lists of others (member.removed), and deletes its sandbox webhooks with their deliveries and its sandbox idempotency records. A key restricted to lists (list_ids) cannot reset (403). No body. */
        post: operations["Sandbox_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/shares/{token}/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Joins the share link's list with its role */
        post: operations["Shares_join"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's webhook endpoints, oldest first, without secrets */
        get: operations["Webhooks_list"];
        put?: never;
        /** Registers a webhook endpoint; the response shows its signing secret, this once */
        post: operations["Webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes a webhook endpoint and its deliveries */
        delete: operations["Webhooks_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The endpoint's deliveries, newest first */
        get: operations["Webhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Schedules a delivery again, now */
        post: operations["Webhooks_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret (shown this once); the old one keeps signing beside it for 24 h */
        post: operations["Webhooks_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends a webhook.test event to the endpoint now */
        post: operations["Webhooks_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    event: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Any change to a list, its items or its members, to the matching webhooks of everyone who could see the list */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id; the same on every retry of it: drop duplicates by it */
                    "webhook-id": string;
                    /** @description `v1,<base64 of HMAC-SHA256(secret bytes, "{webhook-id}.{webhook-timestamp}.{body}")>`, where the secret bytes are the base64 after `whsec_`; during a rotation two signatures, space-separated (either verifies) */
                    "webhook-signature": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            responses: {
                /** @description Any 2xx within the timeout (10 s) acknowledges the delivery */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Disables the webhook at once */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Retried later, honouring a longer Retry-After (also on 503) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sent by POST /v1/webhooks/{id}/test to that endpoint only */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id; the same on every retry of it: drop duplicates by it */
                    "webhook-id": string;
                    /** @description `v1,<base64 of HMAC-SHA256(secret bytes, "{webhook-id}.{webhook-timestamp}.{body}")>`, where the secret bytes are the base64 after `whsec_`; during a rotation two signatures, space-separated (either verifies) */
                    "webhook-signature": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookTestEvent"];
                };
            };
            responses: {
                /** @description Any 2xx within the timeout (10 s) acknowledges the delivery */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Disables the webhook at once */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Retried later, honouring a longer Retry-After (also on 503) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description An item to add, with the fields to set; every other field takes its default */
        AddItemEntry: {
            /**
             * @description The user id of the list's owner or of a member, or "me"; default null (422 for anyone else)
             * @example me
             */
            assignee?: string | null;
            /** @description Default null */
            due?: components["schemas"]["ItemDueInput"] | null;
            /** @description 0-10 labels of 1-40 characters (trimmed), unique case-insensitively, kept in this order; default [] */
            labels?: string[];
            /** @description 0-10000 characters after trimming; default "" */
            notes?: string;
            /** @description Default "none" */
            priority?: components["schemas"]["ItemPriority"];
            /** @example Call the plumber */
            text: string;
        };
        AddItemsDto: {
            /**
             * @description The items to add, in this order: each a text (1-500 characters after trimming, no NUL) or an object with the text and the fields to set. One invalid entry is a 400 naming it, and nothing is added.
             * @example [
             *       "milk",
             *       {
             *         "text": "Call the plumber",
             *         "due": {
             *           "date": "2026-12-01",
             *           "time": "09:00",
             *           "time_zone": "Europe/Berlin"
             *         },
             *         "assignee": "me"
             *       }
             *     ]
             */
            items: (string | components["schemas"]["AddItemEntry"])[];
            /**
             * @description An accessible list: its id, or else its name (matched after trimming, NFC and Unicode full case folding, first among your own lists, then among lists shared with you)
             * @example Groceries
             */
            list: string;
        };
        CreateShareDto: {
            /**
             * Format: date-time
             * @description When the link stops working; must be in the future. Omitted or null: until revoked
             * @example 2026-12-31T23:59:59.000Z
             */
            expires_at?: string | null;
            /**
             * @example editor
             * @enum {string}
             */
            role: "editor" | "viewer";
        };
        CreateWebhookDto: {
            /** @description Only events of this list (one the caller can see) */
            list_id?: string | null;
            /** @description Event types to deliver; omitted or null: every type */
            types?: ("list.created" | "list.renamed" | "list.deleted" | "item.added" | "item.completed" | "item.reopened" | "item.removed" | "item.updated" | "item.moved" | "member.joined" | "member.role_changed" | "member.removed" | "invitation.created" | "invitation.accepted" | "invitation.declined" | "invitation.revoked")[] | null;
            /**
             * @description https:// (http:// only where the operator allows private URLs); its host must resolve only to public addresses
             * @example https://example.com/hooks/todo
             */
            url: string;
        };
        Delivery: {
            attempts: number;
            /**
             * Format: date-time
             * @example 2026-11-22T09:15:03.120Z
             */
            created_at: string;
            /** @description The `webhook-id` header of every attempt */
            event_id: string;
            event_type: string;
            /** @description Opaque identifier */
            id: string;
            last_error: string | null;
            last_status_code: number | null;
            /**
             * Format: date-time
             * @description When the next attempt is due; null once succeeded or failed
             */
            next_attempt_at: string | null;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
        };
        DeliveryData: {
            delivery: components["schemas"]["Delivery"];
        };
        DeliveryPageData: {
            deliveries: components["schemas"]["Delivery"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        EditItemDto: {
            /**
             * @description A user id of the list's owner or one of its members, or "me"; null clears it
             * @example me
             */
            assignee?: string | null;
            /** @description `{date, time?, time_zone?, recurrence?}`, or null to clear: date `YYYY-MM-DD`; time `HH:MM` (24 h) with time_zone (an IANA name), or neither (all day); recurrence an RFC 5545 RRULE value without the `RRULE:` prefix. `at` is ignored. */
            due?: {
                [key: string]: unknown;
            } | null;
            /** @description Replaces the labels: 0-10 of 1-40 characters (trimmed), unique case-insensitively, kept in this order */
            labels?: string[];
            /** @description The new notes: 0-10,000 characters after trimming */
            notes?: string;
            /** @enum {string} */
            priority?: "none" | "low" | "medium" | "high";
            /** @description The new text: 1-500 characters after trimming */
            text?: string;
        };
        /** @description Nothing to report beyond success */
        Empty: Record<string, never>;
        /** @description Every error: `data` null, a human-readable message in `error` */
        ErrorEnvelope: {
            data: null;
            /** @description Human-readable; do not parse */
            error: string;
        };
        /** @description A change to a list, its items or its members */
        Event: {
            actor: components["schemas"]["UserSummary"];
            /**
             * Format: date-time
             * @example 2026-11-22T09:15:03.120Z
             */
            created_at: string;
            /** @description list.*: {list}; item.*: {item}; member.*: {member}; invitation.*: {invitation}, as the other routes show them at the time of the event */
            data: {
                list: components["schemas"]["List"];
            } | {
                item: components["schemas"]["Item"];
            } | {
                member: components["schemas"]["Member"];
            } | {
                invitation: components["schemas"]["Invitation"];
            };
            /** @description Opaque; the same in webhook deliveries (webhook-id) */
            id: string;
            list: components["schemas"]["ListRef"];
            /** @description false for an event of test mode (an sk_test_ key's sandbox), true for live data */
            livemode: boolean;
            /** @enum {string} */
            type: "list.created" | "list.renamed" | "list.deleted" | "item.added" | "item.completed" | "item.reopened" | "item.removed" | "item.updated" | "item.moved" | "member.joined" | "member.role_changed" | "member.removed" | "invitation.created" | "invitation.accepted" | "invitation.declined" | "invitation.revoked";
        };
        EventPageData: {
            events: components["schemas"]["Event"][];
            /** @description Never null: pass it as `after`, with the same order, for what follows: newer events (order=oldest) or older ones (order=newest; an empty page: none left) */
            next_cursor: string;
        };
        FoundItemsData: {
            items: components["schemas"]["Item"][];
            /** @description Each list that an item of the page is on (id and name), in the order they first appear */
            lists: components["schemas"]["ListRef"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        /** @description Where to go from the base URL. A browser (Accept preferring text/html) is redirected (302) to /developers instead. */
        FrontDoor: {
            links: {
                /** @description Prefix of every API route */
                api: string;
                /** @description The developer page: sign up, create and revoke keys */
                developers: string;
                /** @description This reference, rendered */
                docs: string;
                /** @description Readiness check */
                health: string;
                /** @description This document */
                openapi: string;
            };
            next: string;
            service: string;
        };
        Health: {
            /** @description Readiness: the database answered and accepts writes */
            database?: {
                latency_ms?: number;
                /** @enum {string} */
                status?: "ok";
            };
            /** @enum {string} */
            status: "ok";
            /** @description Liveness: whole seconds since the process started */
            uptime_s?: number;
        };
        Invitation: {
            /**
             * Format: date-time
             * @example 2026-11-22T09:15:03.120Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T09:15:03.120Z
             */
            expires_at: string;
            /** @description Opaque identifier */
            id: string;
            invitee: {
                email: string;
            };
            inviter: components["schemas"]["UserSummary"];
            list: components["schemas"]["ListRef"];
            /** Format: date-time */
            responded_at: string | null;
            /** @enum {string} */
            role: "editor" | "viewer";
            /** @enum {string} */
            status: "pending" | "accepted" | "declined" | "revoked" | "expired";
        };
        InvitationData: {
            invitation: components["schemas"]["Invitation"];
        };
        InvitationsData: {
            invitations: components["schemas"]["Invitation"][];
        };
        InviteDto: {
            /**
             * @description Need not belong to an account yet; matched case-insensitively
             * @example ada@example.com
             */
            email: string;
            /**
             * @example editor
             * @enum {string}
             */
            role: "editor" | "viewer";
        };
        /** @description An item of a list */
        Item: {
            assignee: components["schemas"]["ItemAssignee"] | null;
            completed: boolean;
            /** Format: date-time */
            completed_at: string | null;
            /** @description User id */
            completed_by: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T09:15:03.120Z
             */
            created_at: string;
            /** @description User id */
            created_by: string;
            due: components["schemas"]["ItemDue"] | null;
            /** @description Opaque identifier */
            id: string;
            /** @description Each 1-40 characters, unique case-insensitively, in the order given */
            labels: string[];
            /** @description Opaque identifier */
            list_id: string;
            /** @description Free text, trimmed; empty when none */
            notes: string;
            /** @description Opaque; the items of a list sort by it, ascending, bytewise */
            position: string;
            priority: components["schemas"]["ItemPriority"];
            text: string;
            /**
             * Format: date-time
             * @description The last change of any kind
             * @example 2026-11-22T09:15:03.120Z
             */
            updated_at: string;
            /** @description One more with every change to the item; the ETag of the item is this number, quoted */
            version: number;
        };
        /** @description The user an item is assigned to: the owner or a member of its list */
        ItemAssignee: {
            /** @description Opaque identifier */
            id: string;
            name: string;
            username: string;
        };
        ItemData: {
            item: components["schemas"]["Item"];
        };
        /** @description When an item is due */
        ItemDue: {
            /**
             * Format: date-time
             * @description Output only: the instant of `date` and `time` in `time_zone`; null for a due all day
             */
            at: string | null;
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             * @example 2026-12-01
             */
            date: string;
            /**
             * @description An RFC 5545 RRULE value (no `RRULE:` prefix): FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, COUNT or UNTIL
             * @example FREQ=WEEKLY;BYDAY=MO
             */
            recurrence: string | null;
            /**
             * @description HH:MM (24 h); null for a due all day
             * @example 09:00
             */
            time: string | null;
            /**
             * @description The IANA time zone of `time`; given with `time`, null without it
             * @example Europe/Berlin
             */
            time_zone: string | null;
        };
        /** @description When an item is due; `at` is computed, and ignored when sent */
        ItemDueInput: {
            /**
             * Format: date
             * @description A real calendar date, YYYY-MM-DD
             * @example 2026-12-01
             */
            date: string;
            /**
             * @description An RFC 5545 RRULE value without the `RRULE:` prefix: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY; required), INTERVAL (1-366), BYDAY, BYMONTHDAY (1-31 or -1), BYMONTH (1-12), COUNT (1-1000) or UNTIL (YYYYMMDD)
             * @example FREQ=WEEKLY;BYDAY=MO
             */
            recurrence?: string | null;
            /**
             * @description HH:MM (24 h); omitted or null: all day
             * @example 09:00
             */
            time?: string | null;
            /**
             * @description An IANA time zone name: required with `time`, null without it
             * @example Europe/Berlin
             */
            time_zone?: string | null;
        };
        ItemPageData: {
            items: components["schemas"]["Item"][];
            list: components["schemas"]["ListRef"];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        /** @enum {string} */
        ItemPriority: "none" | "low" | "medium" | "high";
        ItemsActionDto: {
            /**
             * @description add: the texts to add (each 1-500 characters after trimming, no NUL). complete, reopen, remove: item ids of the list, or texts matched after trimming, NFC and Unicode full case folding (complete: the oldest open item with that text; reopen: the oldest completed one; remove: the oldest of any state); one item is never matched twice. Any entry matching nothing is a 404 and nothing changes.
             * @example [
             *       "milk",
             *       "bread"
             *     ]
             */
            items: string[];
            /**
             * @description An accessible list: its id, or else its name (matched after trimming, NFC and Unicode full case folding, first among your own lists, then among lists shared with you)
             * @example Groceries
             */
            list: string;
        };
        ItemsData: {
            items: components["schemas"]["Item"][];
            list: components["schemas"]["ListRef"];
        };
        /** @description A JSON-RPC 2.0 error answer */
        JsonRpcError: {
            error: {
                /** @description -32700 parse error, -32600 invalid request, -32602 invalid params, -32000 refused (401, 403, 429, 503) */
                code: number;
                data?: {
                    /** @description The HTTP status */
                    status?: number;
                };
                /** @description The API's message */
                message: string;
            };
            /** @description The request's id; null when the refusal answers no single request */
            id: string | number | null;
            /** @constant */
            jsonrpc: "2.0";
        };
        /** @description A JSON-RPC 2.0 answer of the Model Context Protocol: a `result` (for tools/call a CallToolResult with `structuredContent`, or `isError: true` and the API's message), or an `error` */
        JsonRpcResponse: {
            error?: {
                /** @description -32700 parse error, -32600 invalid request, -32602 invalid params, -32000 refused (401, 403, 429, 503) */
                code: number;
                data?: {
                    /** @description The HTTP status */
                    status?: number;
                };
                /** @description The API's message */
                message: string;
            };
            /** @description The request's id; null when the refusal answers no single request */
            id: string | number | null;
            /** @constant */
            jsonrpc: "2.0";
            result?: Record<string, never>;
        };
        /** @description A to-do list */
        List: {
            /**
             * Format: date-time
             * @example 2026-11-22T09:15:03.120Z
             */
            created_at: string;
            /** @description Opaque identifier */
            id: string;
            item_count: number;
            name: string;
            open_item_count: number;
            owner: components["schemas"]["UserSummary"];
            /**
             * @description The caller's role on the list
             * @enum {string}
             */
            role: "owner" | "editor" | "viewer";
            /**
             * Format: date-time
             * @example 2026-11-22T09:15:03.120Z
             */
            updated_at: string;
        };
        ListData: {
            list: components["schemas"]["List"];
        };
        ListNameDto: {
            /**
             * @description Trimmed of surrounding white space and stored trimmed; unique per owner, compared after NFC and Unicode full case folding ("Straße" and "STRASSE" are one name)
             * @example Groceries
             */
            name: string;
        };
        ListPageData: {
            lists: components["schemas"]["List"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        ListRef: {
            /** @description Opaque identifier */
            id: string;
            name: string;
        };
        Me: {
            email: string;
            /** @description Whether the account proved its email (invitations to it stay hidden until it does) */
            email_verified: boolean;
            /** @description Opaque identifier */
            id: string;
            key: components["schemas"]["MeKey"];
            name: string;
            /** @description The calling key's scopes */
            scopes: ("lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read")[];
            username: string;
        };
        MeKey: {
            /** @description Addresses and CIDR ranges the key may be used from; null: anywhere */
            allowed_ips: string[] | null;
            /**
             * Format: date-time
             * @description null: never
             */
            expires_at: string | null;
            /** @description Opaque identifier */
            id: string;
            label: string;
            /** @description The only lists the key reaches; null: every list the account can see */
            list_ids: string[] | null;
            /** @enum {string} */
            mode: "live" | "test";
            scopes: ("lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read")[];
        };
        Member: {
            /**
             * Format: date-time
             * @example 2026-11-22T09:15:03.120Z
             */
            joined_at: string;
            /** @enum {string} */
            role: "owner" | "editor" | "viewer";
            user: components["schemas"]["UserSummary"];
        };
        MemberData: {
            member: components["schemas"]["Member"];
        };
        MemberRoleDto: {
            /**
             * @example editor
             * @enum {string}
             */
            role: "editor" | "viewer";
        };
        MembersData: {
            members: components["schemas"]["Member"][];
        };
        MoveItemsDto: {
            /** @description An item of the target list (id or text): the block goes just after it. Not with before or to */
            after?: string;
            /** @description An item of the target list (id or text): the block goes just before it. Not with after or to */
            before?: string;
            /**
             * @description Item ids of the list, or texts matched after trimming, NFC and Unicode full case folding (the oldest item of any state with that text); one item is never matched twice. Any entry matching nothing is a 404 and nothing changes. Moved as one block, in this order.
             * @example [
             *       "milk"
             *     ]
             */
            items: string[];
            /**
             * @description An accessible list: its id, or else its name (matched after trimming, NFC and Unicode full case folding, first among your own lists, then among lists shared with you)
             * @example Groceries
             */
            list: string;
            /**
             * @description The top or the bottom (the default) of the target list
             * @enum {string}
             */
            to?: "top" | "bottom";
            /** @description Another list you can write to (its id or name, resolved as list): the items keep their ids, fields and history */
            to_list?: string;
        };
        NewWebhook: {
            /**
             * Format: date-time
             * @example 2026-11-22T09:15:03.120Z
             */
            created_at: string;
            /** @description Why the service disabled it (a 410 answer, five days of failures) */
            disabled_reason: string | null;
            /** @description Opaque identifier */
            id: string;
            /** @description Only events of this list; null: every list the account can see */
            list_id: string | null;
            /** @description The signing secret, shown only in this response (null in its Idempotency-Key replay); verify deliveries with it */
            secret: string | null;
            /** @enum {string} */
            status: "active" | "disabled";
            /** @description Event types delivered; null: every type */
            types: ("list.created" | "list.renamed" | "list.deleted" | "item.added" | "item.completed" | "item.reopened" | "item.removed" | "item.updated" | "item.moved" | "member.joined" | "member.role_changed" | "member.removed" | "invitation.created" | "invitation.accepted" | "invitation.declined" | "invitation.revoked")[] | null;
            url: string;
        };
        NewWebhookData: {
            webhook: components["schemas"]["NewWebhook"];
        };
        /** @description What a sandbox reset deleted */
        SandboxDeleted: {
            /** @description The sandbox lists the account owned, each recorded as list.deleted */
            lists: number;
            /** @description The account's memberships in other accounts' sandbox lists, each left (member.removed) */
            memberships: number;
            /** @description The account's sandbox webhooks, with their deliveries */
            webhooks: number;
        };
        SandboxResetData: {
            deleted: components["schemas"]["SandboxDeleted"];
        };
        Share: {
            /**
             * Format: date-time
             * @example 2026-11-22T09:15:03.120Z
             */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** @description Opaque identifier */
            id: string;
            /** @description Opaque identifier */
            list_id: string;
            revoked: boolean;
            /** @enum {string} */
            role: "editor" | "viewer";
            /** @description Unguessable; joins with POST /v1/shares/{token}/join. Shown once: only in the response that creates the link (not in its Idempotency-Key replay); null everywhere else, as only its hash is stored */
            token: string | null;
        };
        ShareData: {
            share: components["schemas"]["Share"];
        };
        SharesData: {
            shares: components["schemas"]["Share"][];
        };
        /** @description Every success: the answer in `data` (its shape is given per route), `error` null */
        SuccessEnvelope: {
            error: null;
        };
        UpdateItemsDto: {
            /**
             * @description Item ids of the list, or texts matched after trimming, NFC and Unicode full case folding (the oldest item of any state with that text); one item is never matched twice. Any entry matching nothing is a 404 and nothing changes.
             * @example [
             *       "milk"
             *     ]
             */
            items: string[];
            /**
             * @description An accessible list: its id, or else its name (matched after trimming, NFC and Unicode full case folding, first among your own lists, then among lists shared with you)
             * @example Groceries
             */
            list: string;
            /** @description What to set on every matched item (at least one member; text only when one item is matched) */
            set: components["schemas"]["UpdateSetDto"];
        };
        UpdateSetDto: {
            /** @description Labels to append where an item lacks them (one it has stays where it is); not with labels */
            add_labels?: string[];
            /**
             * @description A user id of the list's owner or one of its members, or "me"; null clears it
             * @example me
             */
            assignee?: string | null;
            /** @description `{date, time?, time_zone?, recurrence?}`, or null to clear: date `YYYY-MM-DD`; time `HH:MM` (24 h) with time_zone (an IANA name), or neither (all day); recurrence an RFC 5545 RRULE value without the `RRULE:` prefix. `at` is ignored. */
            due?: {
                [key: string]: unknown;
            } | null;
            /** @description Replaces the labels: 0-10 of 1-40 characters (trimmed), unique case-insensitively, kept in this order */
            labels?: string[];
            /** @description The new notes: 0-10,000 characters after trimming */
            notes?: string;
            /** @enum {string} */
            priority?: "none" | "low" | "medium" | "high";
            /** @description Labels to remove where an item has them (others are ignored; removals come first); not with labels */
            remove_labels?: string[];
            /** @description The new text: 1-500 characters after trimming */
            text?: string;
        };
        UserSummary: {
            /** @description Opaque identifier */
            id: string;
            name: string;
            username: string;
        };
        Webhook: {
            /**
             * Format: date-time
             * @example 2026-11-22T09:15:03.120Z
             */
            created_at: string;
            /** @description Why the service disabled it (a 410 answer, five days of failures) */
            disabled_reason: string | null;
            /** @description Opaque identifier */
            id: string;
            /** @description Only events of this list; null: every list the account can see */
            list_id: string | null;
            /** @enum {string} */
            status: "active" | "disabled";
            /** @description Event types delivered; null: every type */
            types: ("list.created" | "list.renamed" | "list.deleted" | "item.added" | "item.completed" | "item.reopened" | "item.removed" | "item.updated" | "item.moved" | "member.joined" | "member.role_changed" | "member.removed" | "invitation.created" | "invitation.accepted" | "invitation.declined" | "invitation.revoked")[] | null;
            url: string;
        };
        WebhooksData: {
            webhooks: components["schemas"]["Webhook"][];
        };
        /** @description The shape of every event, with no list: it is about the webhook itself */
        WebhookTestEvent: {
            actor: components["schemas"]["UserSummary"];
            /**
             * Format: date-time
             * @example 2026-11-22T09:15:03.120Z
             */
            created_at: string;
            data: {
                webhook: {
                    /** @description Opaque identifier */
                    id: string;
                    url: string;
                };
            };
            /** @description Opaque; the webhook-id header */
            id: string;
            list: null;
            /** @description false for an event of test mode (an sk_test_ key's sandbox), true for live data */
            livemode: boolean;
            /** @constant */
            type: "webhook.test";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    Items_add: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "list": "Groceries",
                 *       "items": [
                 *         "milk",
                 *         "bread"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AddItemsDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "list": {
                     *           "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "name": "Groceries"
                     *         },
                     *         "items": [
                     *           {
                     *             "id": "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "milk",
                     *             "notes": "",
                     *             "completed": false,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": null,
                     *             "completed_by": null,
                     *             "due": null,
                     *             "priority": "none",
                     *             "labels": [],
                     *             "assignee": null,
                     *             "position": "0000000000000010V",
                     *             "updated_at": "2026-11-02T09:15:03.120Z",
                     *             "version": 1
                     *           },
                     *           {
                     *             "id": "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "bread",
                     *             "notes": "",
                     *             "completed": false,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": null,
                     *             "completed_by": null,
                     *             "due": null,
                     *             "priority": "none",
                     *             "labels": [],
                     *             "assignee": null,
                     *             "position": "0000000000000011V",
                     *             "updated_at": "2026-11-02T09:15:03.120Z",
                     *             "version": 1
                     *           }
                     *         ]
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ItemsData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the list name is ambiguous, the list would exceed 10,000 items, or an assignee is neither the owner nor a member; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Items_complete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "list": "Groceries",
                 *       "items": [
                 *         "milk",
                 *         "bread"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ItemsActionDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "list": {
                     *           "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "name": "Groceries"
                     *         },
                     *         "items": [
                     *           {
                     *             "id": "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "milk",
                     *             "notes": "",
                     *             "completed": true,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": "2026-11-02T09:20:41.007Z",
                     *             "completed_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "due": null,
                     *             "priority": "none",
                     *             "labels": [],
                     *             "assignee": null,
                     *             "position": "0000000000000010V",
                     *             "updated_at": "2026-11-02T09:20:41.007Z",
                     *             "version": 2
                     *           },
                     *           {
                     *             "id": "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "bread",
                     *             "notes": "",
                     *             "completed": true,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": "2026-11-02T09:20:41.007Z",
                     *             "completed_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "due": null,
                     *             "priority": "none",
                     *             "labels": [],
                     *             "assignee": null,
                     *             "position": "0000000000000011V",
                     *             "updated_at": "2026-11-02T09:20:41.007Z",
                     *             "version": 2
                     *           }
                     *         ]
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ItemsData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the list name is ambiguous; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    ItemEdits_move: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "list": "Groceries",
                 *       "items": [
                 *         "bread"
                 *       ],
                 *       "to": "top"
                 *     }
                 */
                "application/json": components["schemas"]["MoveItemsDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "list": {
                     *           "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "name": "Groceries"
                     *         },
                     *         "items": [
                     *           {
                     *             "id": "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "bread",
                     *             "notes": "",
                     *             "completed": false,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": null,
                     *             "completed_by": null,
                     *             "due": null,
                     *             "priority": "none",
                     *             "labels": [],
                     *             "assignee": null,
                     *             "position": "0000000000000000V",
                     *             "updated_at": "2026-11-02T09:20:41.007Z",
                     *             "version": 2
                     *           }
                     *         ]
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ItemsData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Your role on the list or on the target list is viewer */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the list name is ambiguous; an item placed relative to itself; the target list would exceed 10,000 items; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Items_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "list": "Groceries",
                 *       "items": [
                 *         "milk",
                 *         "bread"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ItemsActionDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "list": {
                     *           "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "name": "Groceries"
                     *         },
                     *         "items": [
                     *           {
                     *             "id": "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "milk",
                     *             "notes": "",
                     *             "completed": false,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": null,
                     *             "completed_by": null,
                     *             "due": null,
                     *             "priority": "none",
                     *             "labels": [],
                     *             "assignee": null,
                     *             "position": "0000000000000010V",
                     *             "updated_at": "2026-11-02T09:15:03.120Z",
                     *             "version": 1
                     *           },
                     *           {
                     *             "id": "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "bread",
                     *             "notes": "",
                     *             "completed": false,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": null,
                     *             "completed_by": null,
                     *             "due": null,
                     *             "priority": "none",
                     *             "labels": [],
                     *             "assignee": null,
                     *             "position": "0000000000000011V",
                     *             "updated_at": "2026-11-02T09:15:03.120Z",
                     *             "version": 1
                     *           }
                     *         ]
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ItemsData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the list name is ambiguous; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Items_reopen: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "list": "Groceries",
                 *       "items": [
                 *         "milk",
                 *         "bread"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ItemsActionDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "list": {
                     *           "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "name": "Groceries"
                     *         },
                     *         "items": [
                     *           {
                     *             "id": "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "milk",
                     *             "notes": "",
                     *             "completed": false,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": null,
                     *             "completed_by": null,
                     *             "due": null,
                     *             "priority": "none",
                     *             "labels": [],
                     *             "assignee": null,
                     *             "position": "0000000000000010V",
                     *             "updated_at": "2026-11-02T09:15:03.120Z",
                     *             "version": 1
                     *           },
                     *           {
                     *             "id": "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "bread",
                     *             "notes": "",
                     *             "completed": false,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": null,
                     *             "completed_by": null,
                     *             "due": null,
                     *             "priority": "none",
                     *             "labels": [],
                     *             "assignee": null,
                     *             "position": "0000000000000011V",
                     *             "updated_at": "2026-11-02T09:15:03.120Z",
                     *             "version": 1
                     *           }
                     *         ]
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ItemsData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the list name is ambiguous; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    ItemEdits_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "list": "Groceries",
                 *       "items": [
                 *         "milk"
                 *       ],
                 *       "set": {
                 *         "priority": "high",
                 *         "add_labels": [
                 *           "errands"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateItemsDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "list": {
                     *           "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "name": "Groceries"
                     *         },
                     *         "items": [
                     *           {
                     *             "id": "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "milk",
                     *             "notes": "",
                     *             "completed": false,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": null,
                     *             "completed_by": null,
                     *             "due": null,
                     *             "priority": "high",
                     *             "labels": [
                     *               "errands"
                     *             ],
                     *             "assignee": null,
                     *             "position": "0000000000000010V",
                     *             "updated_at": "2026-11-02T09:20:41.007Z",
                     *             "version": 2
                     *           }
                     *         ]
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ItemsData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Your role on the list is viewer */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the list name is ambiguous; a text change for more than one item; an assignee who is neither the owner nor a member; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Events_feed: {
        parameters: {
            query?: {
                /**
                 * @description Opaque: the next_cursor of the previous page (of the same order), passed back unchanged; or `now` (order=oldest only). Omitted: from the oldest retained event, or with order=newest from the newest event
                 * @example now
                 */
                after?: string;
                /** @example 100 */
                limit?: number;
                /** @description Only the events of this list */
                list_id?: string;
                /** @description oldest: oldest first, next_cursor leads to newer events (follow the feed with it). newest: newest first, next_cursor leads to older events, and an empty page means none are left. A cursor goes with the order that issued it */
                order?: "oldest" | "newest";
                /** @description Comma list of event types: list.created, list.renamed, list.deleted, item.added, item.completed, item.reopened, item.removed, item.updated, item.moved, member.joined, member.role_changed, member.removed, invitation.created, invitation.accepted, invitation.declined, invitation.revoked */
                types?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "events": [
                     *           {
                     *             "id": "evt_01JC2X7Q4M8N9P3R5S6T7V8W9X",
                     *             "type": "item.added",
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "list": {
                     *               "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *               "name": "Groceries"
                     *             },
                     *             "actor": {
                     *               "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *               "username": "ada",
                     *               "name": "Ada Lovelace"
                     *             },
                     *             "data": {
                     *               "item": {
                     *                 "id": "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
                     *                 "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *                 "text": "milk",
                     *                 "notes": "",
                     *                 "completed": false,
                     *                 "created_at": "2026-11-02T09:15:03.120Z",
                     *                 "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *                 "completed_at": null,
                     *                 "completed_by": null,
                     *                 "due": null,
                     *                 "priority": "none",
                     *                 "labels": [],
                     *                 "assignee": null,
                     *                 "position": "0000000000000010V",
                     *                 "updated_at": "2026-11-02T09:15:03.120Z",
                     *                 "version": 1
                     *               }
                     *             },
                     *             "livemode": true
                     *           }
                     *         ],
                     *         "next_cursor": "c_0001HZX7Q4M8N9P3"
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["EventPageData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The cursor is older than the retained events: "cursor expired: read the lists again, then follow the feed from now" */
            410: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Invitations_mine: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "invitations": [
                     *           {
                     *             "id": "8b1d3f5a-7c9e-4a2b-9d4f-6a8c1e3b5d7f",
                     *             "list": {
                     *               "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *               "name": "Groceries"
                     *             },
                     *             "invitee": {
                     *               "email": "grace@example.com"
                     *             },
                     *             "inviter": {
                     *               "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *               "username": "ada",
                     *               "name": "Ada Lovelace"
                     *             },
                     *             "role": "editor",
                     *             "status": "pending",
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "expires_at": "2026-11-09T09:15:03.120Z",
                     *             "responded_at": null
                     *           }
                     *         ]
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["InvitationsData"];
                    };
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Invitations_accept: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example 8b1d3f5a-7c9e-4a2b-9d4f-6a8c1e3b5d7f */
                inv_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "list": {
                     *           "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "name": "Groceries",
                     *           "owner": {
                     *             "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "username": "ada",
                     *             "name": "Ada Lovelace"
                     *           },
                     *           "role": "editor",
                     *           "item_count": 3,
                     *           "open_item_count": 2,
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "updated_at": "2026-11-02T09:20:41.007Z"
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ListData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the invitation is no longer pending, or the list has 50 members; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Invitations_decline: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example 8b1d3f5a-7c9e-4a2b-9d4f-6a8c1e3b5d7f */
                inv_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "invitation": {
                     *           "id": "8b1d3f5a-7c9e-4a2b-9d4f-6a8c1e3b5d7f",
                     *           "list": {
                     *             "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "name": "Groceries"
                     *           },
                     *           "invitee": {
                     *             "email": "grace@example.com"
                     *           },
                     *           "inviter": {
                     *             "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "username": "ada",
                     *             "name": "Ada Lovelace"
                     *           },
                     *           "role": "editor",
                     *           "status": "declined",
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "expires_at": "2026-11-09T09:15:03.120Z",
                     *           "responded_at": "2026-11-02T09:20:41.007Z"
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["InvitationData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the invitation is no longer pending; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Items_find: {
        parameters: {
            query?: {
                /**
                 * @description Only items assigned to this user (an id), to the caller (`me`), or to nobody (`none`)
                 * @example me
                 */
                assignee?: string;
                /** @description Opaque: the next_cursor of the previous page, passed back unchanged. It carries the filters and order it was issued for: send the same ones or none */
                cursor?: string;
                /**
                 * @description Only items due on or after this date (due.date); excludes items without a due
                 * @example 2026-11-30
                 */
                due_from?: string;
                /**
                 * @description Only items due on or before this date (due.date); excludes items without a due
                 * @example 2026-12-06
                 */
                due_to?: string;
                /** @description Only items with (true) or without (false) a due */
                has_due?: "true" | "false";
                /** @description Only items carrying this label, compared case-insensitively */
                label?: string;
                limit?: number;
                /** @description Comma list of up to 100 list ids: only the items of these lists (an id the caller cannot see: 404) */
                list_id?: string;
                /** @description Comma list of priorities: none, low, medium, high */
                priority?: string;
                /** @description Words, separated by spaces: an item matches when each occurs, case-insensitively, in its text or notes (at most 10 words, 200 characters) */
                q?: string;
                /**
                 * @description The order of the items (position orders one list only: not accepted here)
                 * @example due
                 */
                sort?: "due" | "created" | "updated" | "priority";
                /**
                 * @description Which items: all, open or completed
                 * @example open
                 */
                status?: "all" | "open" | "completed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "milk",
                     *             "notes": "",
                     *             "completed": false,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": null,
                     *             "completed_by": null,
                     *             "due": {
                     *               "date": "2026-11-30",
                     *               "time": "09:00",
                     *               "time_zone": "Europe/Berlin",
                     *               "recurrence": "FREQ=WEEKLY;BYDAY=MO",
                     *               "at": "2026-11-30T08:00:00.000Z"
                     *             },
                     *             "priority": "high",
                     *             "labels": [
                     *               "errands"
                     *             ],
                     *             "assignee": {
                     *               "id": "7c9e1a3b-5d7f-4b2a-8c6e-3f5a7b9c1d2e",
                     *               "username": "grace",
                     *               "name": "Grace Hopper"
                     *             },
                     *             "position": "0000000000000010V",
                     *             "updated_at": "2026-11-02T09:20:41.007Z",
                     *             "version": 2
                     *           }
                     *         ],
                     *         "lists": [
                     *           {
                     *             "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "name": "Groceries"
                     *           }
                     *         ],
                     *         "next_cursor": null
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["FoundItemsData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Lists_page: {
        parameters: {
            query?: {
                /** @description Opaque: the next_cursor of the previous page, passed back unchanged */
                cursor?: string;
                /** @example 20 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "lists": [
                     *           {
                     *             "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "name": "Groceries",
                     *             "owner": {
                     *               "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *               "username": "ada",
                     *               "name": "Ada Lovelace"
                     *             },
                     *             "role": "owner",
                     *             "item_count": 3,
                     *             "open_item_count": 2,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "updated_at": "2026-11-02T09:20:41.007Z"
                     *           }
                     *         ],
                     *         "next_cursor": null
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ListPageData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Lists_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Groceries"
                 *     }
                 */
                "application/json": components["schemas"]["ListNameDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "list": {
                     *           "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "name": "Groceries",
                     *           "owner": {
                     *             "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "username": "ada",
                     *             "name": "Ada Lovelace"
                     *           },
                     *           "role": "owner",
                     *           "item_count": 0,
                     *           "open_item_count": 0,
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "updated_at": "2026-11-02T09:20:41.007Z"
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ListData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: a list of that name already exists for the owner, or 500 lists are owned; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Lists_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "list": {
                     *           "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "name": "Groceries",
                     *           "owner": {
                     *             "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "username": "ada",
                     *             "name": "Ada Lovelace"
                     *           },
                     *           "role": "owner",
                     *           "item_count": 3,
                     *           "open_item_count": 2,
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "updated_at": "2026-11-02T09:20:41.007Z"
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ListData"];
                    };
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Lists_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {},
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["Empty"];
                    };
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Lists_rename: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Weekly groceries"
                 *     }
                 */
                "application/json": components["schemas"]["ListNameDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "list": {
                     *           "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "name": "Weekly groceries",
                     *           "owner": {
                     *             "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "username": "ada",
                     *             "name": "Ada Lovelace"
                     *           },
                     *           "role": "owner",
                     *           "item_count": 3,
                     *           "open_item_count": 2,
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "updated_at": "2026-11-02T09:20:41.007Z"
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ListData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the owner already has a list of that name */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Invitations_ofList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "invitations": [
                     *           {
                     *             "id": "8b1d3f5a-7c9e-4a2b-9d4f-6a8c1e3b5d7f",
                     *             "list": {
                     *               "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *               "name": "Groceries"
                     *             },
                     *             "invitee": {
                     *               "email": "grace@example.com"
                     *             },
                     *             "inviter": {
                     *               "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *               "username": "ada",
                     *               "name": "Ada Lovelace"
                     *             },
                     *             "role": "editor",
                     *             "status": "pending",
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "expires_at": "2026-11-09T09:15:03.120Z",
                     *             "responded_at": null
                     *           }
                     *         ]
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["InvitationsData"];
                    };
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Invitations_invite: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "grace@example.com",
                 *       "role": "editor"
                 *     }
                 */
                "application/json": components["schemas"]["InviteDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "invitation": {
                     *           "id": "8b1d3f5a-7c9e-4a2b-9d4f-6a8c1e3b5d7f",
                     *           "list": {
                     *             "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "name": "Groceries"
                     *           },
                     *           "invitee": {
                     *             "email": "grace@example.com"
                     *           },
                     *           "inviter": {
                     *             "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "username": "ada",
                     *             "name": "Ada Lovelace"
                     *           },
                     *           "role": "editor",
                     *           "status": "pending",
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "expires_at": "2026-11-09T09:15:03.120Z",
                     *           "responded_at": null
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["InvitationData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the email is the owner's or a member's, has a pending invitation, 50 invitations are pending, or the list has 50 members; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Invitations_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
                /** @example 8b1d3f5a-7c9e-4a2b-9d4f-6a8c1e3b5d7f */
                inv_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "invitation": {
                     *           "id": "8b1d3f5a-7c9e-4a2b-9d4f-6a8c1e3b5d7f",
                     *           "list": {
                     *             "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "name": "Groceries"
                     *           },
                     *           "invitee": {
                     *             "email": "grace@example.com"
                     *           },
                     *           "inviter": {
                     *             "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "username": "ada",
                     *             "name": "Ada Lovelace"
                     *           },
                     *           "role": "editor",
                     *           "status": "revoked",
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "expires_at": "2026-11-09T09:15:03.120Z",
                     *           "responded_at": "2026-11-02T09:20:41.007Z"
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["InvitationData"];
                    };
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the invitation is no longer pending */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Items_page: {
        parameters: {
            query?: {
                /** @description Only items assigned to this user (an id), to the caller (`me`), or to nobody (`none`) */
                assignee?: string;
                /** @description Opaque: the next_cursor of the previous page, passed back unchanged. It carries the filters and order it was issued for: send the same ones or none */
                cursor?: string;
                /** @description Only items due on or after this date (due.date); excludes items without a due */
                due_from?: string;
                /** @description Only items due on or before this date (due.date); excludes items without a due */
                due_to?: string;
                /** @description Only items with (true) or without (false) a due */
                has_due?: "true" | "false";
                /** @description Only items carrying this label, compared case-insensitively */
                label?: string;
                /** @example 50 */
                limit?: number;
                /** @description Comma list of priorities: none, low, medium, high */
                priority?: string;
                /** @description Words, separated by spaces: an item matches when each occurs, case-insensitively, in its text or notes (at most 10 words, 200 characters) */
                q?: string;
                /** @description The order of the items */
                sort?: "position" | "due" | "created" | "updated" | "priority";
                /**
                 * @description Which items: all, open or completed
                 * @example open
                 */
                status?: "all" | "open" | "completed";
            };
            header?: {
                /** @description The ETag of an earlier answer: 304 while the page is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Only on a page without filters: changes with every change to the list's items */
                    ETag?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "list": {
                     *           "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "name": "Groceries"
                     *         },
                     *         "items": [
                     *           {
                     *             "id": "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "milk",
                     *             "notes": "",
                     *             "completed": false,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": null,
                     *             "completed_by": null,
                     *             "due": null,
                     *             "priority": "none",
                     *             "labels": [],
                     *             "assignee": null,
                     *             "position": "0000000000000010V",
                     *             "updated_at": "2026-11-02T09:15:03.120Z",
                     *             "version": 1
                     *           },
                     *           {
                     *             "id": "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "text": "bread",
                     *             "notes": "",
                     *             "completed": false,
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "completed_at": null,
                     *             "completed_by": null,
                     *             "due": null,
                     *             "priority": "none",
                     *             "labels": [],
                     *             "assignee": null,
                     *             "position": "0000000000000011V",
                     *             "updated_at": "2026-11-02T09:15:03.120Z",
                     *             "version": 1
                     *           }
                     *         ],
                     *         "next_cursor": null
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ItemPageData"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match names the current ETag; no body */
            304: {
                headers: {
                    ETag?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Items_item: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer ("<version>"): 304 while the item is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
                /** @example 9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d */
                item_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The item's version, quoted: "<version>" */
                    ETag?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "item": {
                     *           "id": "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
                     *           "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "text": "milk",
                     *           "notes": "",
                     *           "completed": false,
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *           "completed_at": null,
                     *           "completed_by": null,
                     *           "due": {
                     *             "date": "2026-11-30",
                     *             "time": "09:00",
                     *             "time_zone": "Europe/Berlin",
                     *             "recurrence": "FREQ=WEEKLY;BYDAY=MO",
                     *             "at": "2026-11-30T08:00:00.000Z"
                     *           },
                     *           "priority": "high",
                     *           "labels": [
                     *             "errands"
                     *           ],
                     *           "assignee": {
                     *             "id": "7c9e1a3b-5d7f-4b2a-8c6e-3f5a7b9c1d2e",
                     *             "username": "grace",
                     *             "name": "Grace Hopper"
                     *           },
                     *           "position": "0000000000000010V",
                     *           "updated_at": "2026-11-02T09:20:41.007Z",
                     *           "version": 2
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ItemData"];
                    };
                };
            };
            /** @description Not modified: If-None-Match names the current ETag; no body */
            304: {
                headers: {
                    ETag?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    ItemEdits_patch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read ("<version>"), or *: the change is made only if the item is still at that version, else 412 */
                "If-Match"?: string;
            };
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
                /** @example 9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d */
                item_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "due": {
                 *         "date": "2026-11-30",
                 *         "time": "09:00",
                 *         "time_zone": "Europe/Berlin",
                 *         "recurrence": "FREQ=WEEKLY;BYDAY=MO"
                 *       },
                 *       "priority": "high",
                 *       "labels": [
                 *         "errands"
                 *       ],
                 *       "assignee": "7c9e1a3b-5d7f-4b2a-8c6e-3f5a7b9c1d2e"
                 *     }
                 */
                "application/json": components["schemas"]["EditItemDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The item's new version, "<version>" */
                    ETag?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "item": {
                     *           "id": "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
                     *           "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "text": "milk",
                     *           "notes": "",
                     *           "completed": false,
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "created_by": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *           "completed_at": null,
                     *           "completed_by": null,
                     *           "due": {
                     *             "date": "2026-11-30",
                     *             "time": "09:00",
                     *             "time_zone": "Europe/Berlin",
                     *             "recurrence": "FREQ=WEEKLY;BYDAY=MO",
                     *             "at": "2026-11-30T08:00:00.000Z"
                     *           },
                     *           "priority": "high",
                     *           "labels": [
                     *             "errands"
                     *           ],
                     *           "assignee": {
                     *             "id": "7c9e1a3b-5d7f-4b2a-8c6e-3f5a7b9c1d2e",
                     *             "username": "grace",
                     *             "name": "Grace Hopper"
                     *           },
                     *           "position": "0000000000000010V",
                     *           "updated_at": "2026-11-02T09:20:41.007Z",
                     *           "version": 2
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ItemData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Your role on the list is viewer */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description If-Match: the item changed since you read it; nothing was changed */
            412: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the assignee is neither the owner nor a member of the list */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Lists_members: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "members": [
                     *           {
                     *             "user": {
                     *               "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *               "username": "ada",
                     *               "name": "Ada Lovelace"
                     *             },
                     *             "role": "owner",
                     *             "joined_at": "2026-11-02T09:15:03.120Z"
                     *           },
                     *           {
                     *             "user": {
                     *               "id": "7c9e1a3b-5d7f-4b2a-8c6e-3f5a7b9c1d2e",
                     *               "username": "grace",
                     *               "name": "Grace Hopper"
                     *             },
                     *             "role": "editor",
                     *             "joined_at": "2026-11-02T09:15:03.120Z"
                     *           }
                     *         ]
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["MembersData"];
                    };
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Lists_removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
                /** @example 7c9e1a3b-5d7f-4b2a-8c6e-3f5a7b9c1d2e */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {},
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["Empty"];
                    };
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the owner cannot leave (delete the list instead) */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Lists_changeRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
                /** @example 7c9e1a3b-5d7f-4b2a-8c6e-3f5a7b9c1d2e */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "viewer"
                 *     }
                 */
                "application/json": components["schemas"]["MemberRoleDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "member": {
                     *           "user": {
                     *             "id": "7c9e1a3b-5d7f-4b2a-8c6e-3f5a7b9c1d2e",
                     *             "username": "grace",
                     *             "name": "Grace Hopper"
                     *           },
                     *           "role": "viewer",
                     *           "joined_at": "2026-11-02T09:15:03.120Z"
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["MemberData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the owner's role cannot be changed */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Shares_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "shares": [
                     *           {
                     *             "id": "4f6a8c1e-3b5d-4e7f-8a2c-9b1d3f5a7c9e",
                     *             "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *             "token": null,
                     *             "role": "viewer",
                     *             "created_at": "2026-11-02T09:15:03.120Z",
                     *             "expires_at": null,
                     *             "revoked": false
                     *           }
                     *         ]
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["SharesData"];
                    };
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Shares_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "viewer",
                 *       "expires_at": null
                 *     }
                 */
                "application/json": components["schemas"]["CreateShareDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "share": {
                     *           "id": "4f6a8c1e-3b5d-4e7f-8a2c-9b1d3f5a7c9e",
                     *           "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "token": "Xq3vN8kT2pLm5sWd9rYb7c",
                     *           "role": "viewer",
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "expires_at": null,
                     *           "revoked": false
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ShareData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Shares_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c */
                id: string;
                /** @example 4f6a8c1e-3b5d-4e7f-8a2c-9b1d3f5a7c9e */
                share_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "share": {
                     *           "id": "4f6a8c1e-3b5d-4e7f-8a2c-9b1d3f5a7c9e",
                     *           "list_id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "token": null,
                     *           "role": "viewer",
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "expires_at": null,
                     *           "revoked": true
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ShareData"];
                    };
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Profile_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *         "email": "ada@example.com",
                     *         "name": "Ada Lovelace",
                     *         "username": "ada",
                     *         "email_verified": true,
                     *         "scopes": [
                     *           "lists:read",
                     *           "items:read",
                     *           "items:write"
                     *         ],
                     *         "key": {
                     *           "id": "3d5f7a9b-2c4e-4f6a-8b1d-5e7a9c2b4d6f",
                     *           "label": "assistant: groceries",
                     *           "mode": "live",
                     *           "scopes": [
                     *             "lists:read",
                     *             "items:read",
                     *             "items:write"
                     *           ],
                     *           "list_ids": [
                     *             "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c"
                     *           ],
                     *           "expires_at": "2026-12-02T00:00:00.000Z",
                     *           "allowed_ips": null
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["Me"];
                    };
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Sandbox_reset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "deleted": {
                     *           "lists": 2,
                     *           "memberships": 1,
                     *           "webhooks": 1
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["SandboxResetData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Shares_join: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example Xq3vN8kT2pLm5sWd9rYb7c */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "list": {
                     *           "id": "5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c",
                     *           "name": "Groceries",
                     *           "owner": {
                     *             "id": "2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e",
                     *             "username": "ada",
                     *             "name": "Ada Lovelace"
                     *           },
                     *           "role": "viewer",
                     *           "item_count": 3,
                     *           "open_item_count": 2,
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "updated_at": "2026-11-02T09:20:41.007Z"
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["ListData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the caller is already the owner or a member, or the list has 50 members; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "webhooks": [
                     *           {
                     *             "id": "6a8c1e3b-5d7f-4a9b-8c2e-1d3f5a7b9c2e",
                     *             "url": "https://example.com/hooks/todo",
                     *             "types": [
                     *               "item.added",
                     *               "item.completed"
                     *             ],
                     *             "list_id": null,
                     *             "status": "active",
                     *             "disabled_reason": null,
                     *             "created_at": "2026-11-02T09:15:03.120Z"
                     *           }
                     *         ]
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["WebhooksData"];
                    };
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/hooks/todo",
                 *       "types": [
                 *         "item.added",
                 *         "item.completed"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "webhook": {
                     *           "id": "6a8c1e3b-5d7f-4a9b-8c2e-1d3f5a7b9c2e",
                     *           "url": "https://example.com/hooks/todo",
                     *           "types": [
                     *             "item.added",
                     *             "item.completed"
                     *           ],
                     *           "list_id": null,
                     *           "status": "active",
                     *           "disabled_reason": null,
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "secret": "whsec_MfKQ9r8GKYqXGA0mWmEw4oBJ3K7eM5w1bP9yNpLk2Zs="
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["NewWebhookData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the account already has 10 webhooks; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 6a8c1e3b-5d7f-4a9b-8c2e-1d3f5a7b9c2e */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {},
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["Empty"];
                    };
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_deliveries: {
        parameters: {
            query?: {
                /** @description Opaque: the next_cursor of the previous page, passed back unchanged */
                cursor?: string;
                /** @example 20 */
                limit?: number;
            };
            header?: never;
            path: {
                /** @example 6a8c1e3b-5d7f-4a9b-8c2e-1d3f5a7b9c2e */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "deliveries": [
                     *           {
                     *             "id": "1e3b5d7f-9a2c-4b4e-8d6f-7a9c2e4b6d8f",
                     *             "event_id": "evt_01JC2X7Q4M8N9P3R5S6T7V8W9X",
                     *             "event_type": "item.added",
                     *             "status": "succeeded",
                     *             "attempts": 1,
                     *             "last_status_code": 200,
                     *             "last_error": null,
                     *             "next_attempt_at": null,
                     *             "created_at": "2026-11-02T09:15:03.120Z"
                     *           }
                     *         ],
                     *         "next_cursor": null
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["DeliveryPageData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_retry: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example 1e3b5d7f-9a2c-4b4e-8d6f-7a9c2e4b6d8f */
                delivery_id: string;
                /** @example 6a8c1e3b-5d7f-4a9b-8c2e-1d3f5a7b9c2e */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "delivery": {
                     *           "id": "1e3b5d7f-9a2c-4b4e-8d6f-7a9c2e4b6d8f",
                     *           "event_id": "evt_01JC2X7Q4M8N9P3R5S6T7V8W9X",
                     *           "event_type": "item.added",
                     *           "status": "pending",
                     *           "attempts": 1,
                     *           "last_status_code": 200,
                     *           "last_error": null,
                     *           "next_attempt_at": "2026-11-02T09:20:41.007Z",
                     *           "created_at": "2026-11-02T09:15:03.120Z"
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["DeliveryData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the webhook is disabled; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_rotate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example 6a8c1e3b-5d7f-4a9b-8c2e-1d3f5a7b9c2e */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "webhook": {
                     *           "id": "6a8c1e3b-5d7f-4a9b-8c2e-1d3f5a7b9c2e",
                     *           "url": "https://example.com/hooks/todo",
                     *           "types": [
                     *             "item.added",
                     *             "item.completed"
                     *           ],
                     *           "list_id": null,
                     *           "status": "active",
                     *           "disabled_reason": null,
                     *           "created_at": "2026-11-02T09:15:03.120Z",
                     *           "secret": "whsec_MfKQ9r8GKYqXGA0mWmEw4oBJ3K7eM5w1bP9yNpLk2Zs="
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["NewWebhookData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_test: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request idempotent for 24 hours (per account, path and body) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example 6a8c1e3b-5d7f-4a9b-8c2e-1d3f5a7b9c2e */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this is a stored response replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "delivery": {
                     *           "id": "1e3b5d7f-9a2c-4b4e-8d6f-7a9c2e4b6d8f",
                     *           "event_id": "evt_01JC2X7Q4M8N9P3R5S6T7V8W9X",
                     *           "event_type": "webhook.test",
                     *           "status": "pending",
                     *           "attempts": 0,
                     *           "last_status_code": null,
                     *           "last_error": null,
                     *           "next_attempt_at": "2026-11-02T09:20:41.007Z",
                     *           "created_at": "2026-11-02T09:15:03.120Z"
                     *         }
                     *       },
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuccessEnvelope"] & {
                        data: components["schemas"]["DeliveryData"];
                    };
                };
            };
            /** @description Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter */
            400: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key */
            401: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only (x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), or the caller's role does not allow the action */
            403: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    /** @description On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s) */
                    "X-Required-Scope"?: "lists:read" | "lists:write" | "items:read" | "items:write" | "profile:read";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or not visible to the caller (indistinguishable) */
            404: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than 256 KiB */
            413: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Domain rule: the webhook is disabled; an Idempotency-Key reused with another path or body */
            422: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401 */
            429: {
                headers: {
                    /** @description What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60` */
                    RateLimit?: string;
                    /** @description The limit in force, e.g. `"default";q=120;w=60` */
                    "RateLimit-Policy"?: string;
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure (generic message; the cause is logged with the request id) */
            500: {
                headers: {
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached right now */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description Echoes a safe client X-Request-Id, or a new id; logs carry the same id */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
