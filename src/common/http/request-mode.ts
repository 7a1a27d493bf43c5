import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { KeyMode } from '../auth/principal';

/** A request that enterRequestMode (access.module.ts) runs in test mode carries `mode: 'test'`; absent, it is live. */
export interface RequestWithMode {
  mode?: KeyMode;
}

/** The mode a request runs in: its data, for the handlers and guards that pass it on. */
export const requestMode = (request: RequestWithMode): KeyMode => request.mode ?? 'live';

/** The mode the request runs in (enterRequestMode), for a handler to hand to a service. */
export const CurrentMode = createParamDecorator((_: unknown, context: ExecutionContext): KeyMode =>
  requestMode(context.switchToHttp().getRequest<RequestWithMode>()),
);
