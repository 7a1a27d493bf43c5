import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiNonJsonResponse } from '../../../common/http/api-response.decorators';
import { Public } from '../../../common/http/decorators';
import { developerPage, pageCsp } from './page/developer-page';
import { loadPageScript, PAGE_SCRIPT_PATH, PageScript } from './page/page-script';

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** A versioned URL names one build of the script for good; any other is checked each time. */
const FOREVER = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The developer page: plain HTML, an inline style and one script served beside it
 * (src/modules/developers/browser, compiled into dist/ by the build). Written through the
 * response itself, as a value returned by a handler is sent in the JSON envelope. Page, policy
 * and script are made once, when the service starts.
 */
@ApiTags('developer portal')
@Controller('developers')
export class DeveloperPageController {
  private readonly script: PageScript;
  private readonly html: string;
  private readonly pageHeaders: Record<string, string>;

  constructor() {
    this.script = loadPageScript();
    this.html = developerPage(this.script);
    this.pageHeaders = {
      ...COMMON_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': pageCsp(this.script),
      'Cache-Control': 'no-store',
    };
  }

  @Get()
  @Public()
  @ApiOperation({ summary: 'The developer page: sign up, sign in, create and revoke keys and webhooks' })
  @ApiNonJsonResponse('text/html', 'The page (HTML, not in the envelope)')
  page(@Res() res: Response): void {
    res.set(this.pageHeaders).send(this.html);
  }

  @Get(PAGE_SCRIPT_PATH.slice('/developers/'.length))
  @Public()
  @ApiOperation({ summary: "The developer page's script" })
  @ApiQuery({ name: 'v', required: false, description: 'The build the page names: with the current one, cacheable for good' })
  @ApiNonJsonResponse('text/javascript', 'The script (JavaScript, not in the envelope)')
  app(@Query('v') version: unknown, @Res() res: Response): void {
    res
      .set({
        ...COMMON_HEADERS,
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': version === this.script.version ? FOREVER : REVALIDATE,
      })
      .send(this.script.body);
  }
}
