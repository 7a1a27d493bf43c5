import { IsString } from 'class-validator';
import { validateInput } from '../../../common/http/validation';
import { normaliseListReference } from '../../items/domain/item-text';

/** The `list` argument of the tools that name a list by id or name, held to the routes' text rule. */
class ListArgument {
  @IsString()
  list!: string;
}

/** `value` without its undefined fields: what a body or query that leaves them out would be. */
const defined = (value: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/**
 * A tool's arguments checked as the route's body or query of `metatype` is (validation.ts:
 * unknown fields, the text rule, the DTO's decorators), 400s included: a tool refuses what its
 * route refuses, in the same words.
 */
export const validateArguments = <T>(metatype: new () => T, type: 'body' | 'query', args: Record<string, unknown>): Promise<T> =>
  validateInput(metatype, type, defined(args));

/** The list a tool's `list` argument names, checked and normalised as an action's `list` is. */
export async function listReference(list: string): Promise<string> {
  const { list: checked } = await validateArguments(ListArgument, 'body', { list });
  return normaliseListReference(checked);
}
