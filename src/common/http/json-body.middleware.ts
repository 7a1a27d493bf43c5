import { BadRequestException } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import { InvalidInput } from '../errors/domain-error';
import { bodyShapeProblem } from './body-shape';
import { isJsonMediaType } from './json-media-type';
import { BODY_LIMIT_BYTES } from './envelope.filter';

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The declared charset, lower-cased, or undefined when none is declared. */
function charsetOf(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType);
  return match ? match[1].toLowerCase() : undefined;
}

/**
 * The Content-Encodings a body may arrive in, whatever Node runs the service: body-parser
 * inflates zstd too where Node's zlib has it (Node 22.15 and later), which would make the
 * contract depend on the runtime. Anything else is refused as body-parser refuses an encoding
 * it does not know (its `encoding.unsupported` error, which the envelope filter words).
 */
const BODY_ENCODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);
const isSupportedEncoding = (header: string | undefined): boolean =>
  header === undefined || BODY_ENCODINGS.has(header.trim().toLowerCase());

/** The bytes must be JSON's own encoding (RFC 8259 section 8.1); body-parser would decode UTF-16, UTF-7 or UTF-32 too. */
const isUtf8 = (charset: string | undefined): boolean => charset === undefined || charset === 'utf-8' || charset === 'utf8';

/**
 * Runs on the raw (inflated) bytes before they are parsed: nesting and member count are
 * bounded (body-shape.ts), in one linear pass. Thrown errors reach the envelope filter as
 * a 400 with this message.
 */
function verifyShape(_req: unknown, _res: unknown, bytes: Buffer): void {
  const problem = bodyShapeProblem(bytes);
  if (problem) throw Object.assign(new InvalidInput('BODY_TOO_COMPLEX', problem), { status: 400, type: 'entity.shape.refused' });
}

/**
 * Parses JSON bodies before routing, as the contract's order of checks requires
 * (size and syntax first). Only UTF-8 JSON objects are accepted as bodies, within the
 * bounds of body-shape.ts. Errors go to
 * `next`, where Nest's global filter writes them in the envelope.
 */
export function jsonBody(limitBytes = BODY_LIMIT_BYTES) {
  const parse = express.json({ limit: limitBytes, strict: false, type: () => true, verify: verifyShape });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!hasBody(req)) {
      req.body = undefined;
      next();
      return;
    }
    if (!isJsonMediaType(req.headers['content-type'])) {
      next(new BadRequestException('Content-Type must be application/json for a request with a body'));
      return;
    }
    if (!isSupportedEncoding(req.headers['content-encoding'])) {
      const encoding = req.headers['content-encoding'];
      next(
        Object.assign(new Error(`unsupported content encoding "${encoding}"`), { status: 415, type: 'encoding.unsupported', expose: true }),
      );
      return;
    }
    if (!isUtf8(charsetOf(req.headers['content-type'] ?? ''))) {
      next(new BadRequestException('Request body must be UTF-8 encoded JSON: declare charset=utf-8, or no charset'));
      return;
    }
    parse(req, res, (error?: unknown) => {
      if (error) return next(error);
      const body: unknown = req.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        return next(new BadRequestException('Request body must be a JSON object'));
      }
      next();
    });
  };
}
