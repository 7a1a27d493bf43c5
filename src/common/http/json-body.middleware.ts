import { BadRequestException } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import { BODY_LIMIT_BYTES } from './envelope.filter';

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isJsonType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mime = contentType.split(';')[0].trim().toLowerCase();
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}

/**
 * Parses JSON bodies before routing, as the contract's order of checks requires
 * (size and syntax first). Only JSON objects are accepted as bodies. Errors go to
 * `next`, where Nest's global filter writes them in the envelope.
 */
export function jsonBody(limitBytes = BODY_LIMIT_BYTES) {
  const parse = express.json({ limit: limitBytes, strict: false, type: () => true });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!hasBody(req)) {
      req.body = undefined;
      next();
      return;
    }
    if (!isJsonType(req.headers['content-type'])) {
      next(new BadRequestException('Content-Type must be application/json for a request with a body'));
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
