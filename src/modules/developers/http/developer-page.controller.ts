import { Controller, Get, Header } from '@nestjs/common';
import { Public, RawResponse, Undocumented } from '../../../common/http/decorators';
import { DEVELOPER_PAGE, PAGE_CSP } from './page/developer-page';

/** The developer page: plain HTML and a small script, no build step. */
@Controller('developers')
export class DeveloperPageController {
  @Get()
  @Public()
  @RawResponse()
  @Undocumented()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', PAGE_CSP)
  @Header('Cache-Control', 'no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Referrer-Policy', 'no-referrer')
  page(): string {
    return DEVELOPER_PAGE;
  }
}
