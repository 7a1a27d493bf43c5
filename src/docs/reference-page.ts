import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { apiReference, type NestJSReferenceConfiguration } from '@scalar/nestjs-api-reference';
import type { Request, Response } from 'express';

/** The renderer's script, served by the service itself from its npm package (nothing is fetched from elsewhere). */
export const REFERENCE_SCRIPT_PATH = '/docs/scalar.js';
/** Scalar's standalone bundle: the reference app and everything it needs, in one file. */
const STANDALONE = require.resolve('@scalar/api-reference/browser/standalone.js');

/** A versioned URL names one build of the script for good. */
const FOREVER = 'public, max-age=31536000, immutable';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * How the reference behaves: offline (no web fonts, no telemetry, no hosted agent or
 * developer toolbar), the document downloadable as JSON, and the code samples the document
 * carries (curl and the TypeScript client, `x-codeSamples`) instead of the renderer's own
 * generated ones.
 */
const CONFIGURATION: Omit<NestJSReferenceConfiguration, 'url' | 'cdn'> & Record<string, unknown> = {
  pageTitle: 'Shared to-do list service — API reference',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  hiddenClients: true,
  defaultOpenAllTags: false,
  hideClientButton: true,
};

/**
 * GET /docs: the page Scalar's NestJS integration (`apiReference`) writes, which loads the
 * renderer's script from this service and the document from `documentUrl`, under a policy that
 * lets it run its own two scripts (the bundle, and the inline start-up by hash) and talk to this
 * origin only. Scalar's components set their styles at run time, hence `'unsafe-inline'` for
 * styles (never for scripts). The page is made once; the script is read (and compressed) on its
 * first request, so that a service nobody reads the reference of never loads 3.5 MB.
 */
export class ReferencePage {
  readonly version: string;
  readonly html: string;
  readonly csp: string;
  private script?: { plain: Buffer; gzip: Buffer };

  constructor(documentUrl: string) {
    const manifest = JSON.parse(readFileSync(join(dirname(STANDALONE), '..', '..', 'package.json'), 'utf8')) as { version: string };
    this.version = manifest.version;
    this.html = renderPage({ ...CONFIGURATION, url: documentUrl, cdn: `${REFERENCE_SCRIPT_PATH}?v=${this.version}` });
    const inlineScripts = [...this.html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => sha256(body));
    this.csp = [
      "default-src 'none'",
      `script-src 'self' ${inlineScripts.join(' ')}`,
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "worker-src 'self' blob:",
      "form-action 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; ');
  }

  serveHtml(_request: Request, response: Response): void {
    response
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': this.csp,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
        'Cache-Control': 'no-cache',
      })
      .send(this.html);
  }

  serveScript(request: Request, response: Response): void {
    this.script ??= (() => {
      const plain = readFileSync(STANDALONE);
      return { plain, gzip: gzipSync(plain) };
    })();
    const gzip = request.acceptsEncodings('gzip', 'identity') === 'gzip';
    response.set({
      'Content-Type': 'text/javascript; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': request.query.v === this.version ? FOREVER : 'no-cache',
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    response.send(gzip ? this.script.gzip : this.script.plain);
  }
}

/** The HTML `apiReference` answers for `configuration` (it writes it with `res.send`). */
function renderPage(configuration: NestJSReferenceConfiguration): string {
  let html = '';
  const handler = apiReference(configuration) as (request: unknown, response: { send(body: string): void }) => void;
  handler(undefined, { send: (body) => (html = body) });
  if (!html.includes(configuration.cdn!)) throw new Error('the reference page does not load the script this service serves');
  // An empty icon, as the developer page has: without one a browser asks for /favicon.ico, which
  // this service has not, and every visit would leave a 404 in the logs.
  return html.replace('<html>', '<html lang="en">').replace('<head>', '<head>\n    <link rel="icon" href="data:,">');
}
