import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, TransformFnParams } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PAGE_LIMIT } from '../paging/cursor';

/**
 * Query values are text: only plain digits become a number, so "1e2", "5.0", "-1" and "" stay
 * text and fail IsInt (400). However many digits, a number too large is refused as too large.
 */
export const digitsToNumber = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value;

/** The `limit` query parameter of every paged route: an integer within PAGE_LIMIT, optional. */
export const PageLimit = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: PAGE_LIMIT.min, maximum: PAGE_LIMIT.max, default: PAGE_LIMIT.default }),
    IsOptional(),
    Transform(digitsToNumber),
    IsInt(),
    Min(PAGE_LIMIT.min),
    Max(PAGE_LIMIT.max),
  );
