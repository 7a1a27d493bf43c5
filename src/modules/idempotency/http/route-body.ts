import type { ArgumentMetadata, PipeTransform, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';

/**
 * How Nest records a handler's parameter decorators (`assignMetadata` in @nestjs/common): under
 * ROUTE_ARGS_METADATA on the controller, per method, `"<RouteParamtypes>:<index>"` → this.
 * Not a documented extension point: route-body.spec.ts fails if it changes (docs/adr/0015).
 */
interface RouteArgument {
  index: number;
  data?: string;
  pipes?: ReadonlyArray<PipeTransform | Type<PipeTransform>>;
}

/** Runs a request's body through what the route's pipes do to it; throws what they throw. */
export type BodyJudge = (body: unknown) => Promise<unknown>;

const acceptAny: BodyJudge = (body) => Promise.resolve(body);

/**
 * The pipes of the route's `@Body()` parameter in Nest's order (the global pipes, then the
 * parameter's own), as one function: an interceptor runs before the pipes, and this lets it
 * judge the body first, as the route's own turn will judge it again. A route without `@Body()`
 * takes any body. A pipe given as a class is made with `new`, as Nest would without
 * dependencies to inject (NoFieldsPipe).
 */
export function routeBodyJudge(controller: Type, methodName: string, globalPipes: readonly PipeTransform[]): BodyJudge {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {}) as Record<string, RouteArgument>;
  const body = Object.entries(args).find(([key]) => key.split(':')[0] === String(RouteParamtypes.BODY))?.[1];
  if (!body) return acceptAny;
  const paramtypes = Reflect.getMetadata('design:paramtypes', controller.prototype as object, methodName) as Type[] | undefined;
  const metadata: ArgumentMetadata = { type: 'body', metatype: paramtypes?.[body.index], data: body.data };
  const pipes = [...globalPipes, ...(body.pipes ?? []).map((pipe) => (typeof pipe === 'function' ? new pipe() : pipe))];
  return async (value) => {
    let judged = body.data && value ? (value as Record<string, unknown>)[body.data] : value;
    for (const pipe of pipes) judged = await pipe.transform(judged, metadata);
    return judged;
  };
}
