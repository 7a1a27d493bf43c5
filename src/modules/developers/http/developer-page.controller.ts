import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public, Undocumented } from '../../../common/http/decorators';
import { DEVELOPER_PAGE, PAGE_CSP } from './page/developer-page';

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': PAGE_CSP,
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * The developer page: plain HTML and a small script, no build step. Written through the
 * response itself, as a value returned by a handler is sent in the JSON envelope.
 */
@Controller('developers')
export class DeveloperPageController {
  @Get()
  @Public()
  @Undocumented()
  page(@Res() res: Response): void {
    res.set(PAGE_HEADERS).send(DEVELOPER_PAGE);
  }
}
