import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiDataResponse } from '../../common/http/api-response.decorators';
import { Public } from '../../common/http/decorators';
import { FrontDoorResponse } from './front-door.response';
import { sendEnvelope, successJson } from '../../common/http/envelope';

/** Where to go from the base URL: what a person or a program opening `/` needs next. */
export const FRONT_DOOR = {
  service: 'shared to-do list service',
  links: {
    developers: '/developers',
    docs: '/docs',
    openapi: '/v1/openapi.json',
    api: '/v1/',
    health: '/health/ready',
  },
  next: 'Get an API key on /developers, then send it as X-API-Key to the /v1/ routes described on /docs',
} as const;

/**
 * The base URL. A browser (which asks for HTML) is sent on to the developer page, where an
 * account and a key are made and the reference is linked; any other client gets the same
 * directions as JSON, in the envelope.
 */
@Controller()
export class HomeController {
  @Get()
  @Public()
  @ApiOperation({ summary: 'Where to go from the base URL: links to the developer page, this reference and the API' })
  @ApiDataResponse(FrontDoorResponse)
  @ApiFoundResponse({
    description: 'A browser (Accept preferring text/html) is sent on to the developer page',
    headers: { Location: { description: 'The developer page', schema: { type: 'string', enum: [FRONT_DOOR.links.developers] } } },
  })
  home(@Req() req: Request, @Res() res: Response): void {
    res.setHeader('Vary', 'Accept');
    res.setHeader('Cache-Control', 'no-store');
    if (req.accepts(['application/json', 'text/html']) === 'text/html') {
      res.redirect(302, FRONT_DOOR.links.developers);
      return;
    }
    sendEnvelope(res, 200, successJson(FRONT_DOOR));
  }
}
