/**
 * What an API key may do, one scope per kind of route (API.md section 2). A domain concept,
 * kept free of any framework: keys hold them, routes declare the one they need
 * (`@RequireScope`, common/http/decorators.ts), the global access guard compares the two.
 */
export const SCOPES = ['lists:read', 'lists:write', 'items:read', 'items:write', 'profile:read'] as const;
export type Scope = (typeof SCOPES)[number];
