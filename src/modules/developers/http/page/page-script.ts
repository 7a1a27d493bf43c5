import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The developer page's script as the service serves it (GET /developers/app.js). */
export interface PageScript {
  /** The compiled file, byte for byte. */
  body: Buffer;
  /** Its SHA-256, as Subresource Integrity and CSP hash sources write it: `sha256-<base64>`. */
  integrity: string;
  /** The versioned URL the page loads it from: a new build is a new URL, so it may be cached for good. */
  src: string;
  /** The `v` of that URL. */
  version: string;
}

export const PAGE_SCRIPT_PATH = '/developers/app.js';

/**
 * Where the build puts the compiled script (src/modules/developers/browser, compiled by its own
 * tsconfig): beside this module's folder when the service runs from dist/, and under dist/ in
 * the project when it runs from its sources (the e2e specs, which `npm test` builds first).
 */
export const PAGE_SCRIPT_FILES = [
  join(__dirname, '..', '..', 'browser', 'app.js'),
  join(__dirname, '..', '..', '..', '..', '..', 'dist', 'modules', 'developers', 'browser', 'app.js'),
];

export function pageScriptOf(body: Buffer): PageScript {
  const digest = createHash('sha256').update(body).digest();
  const version = digest.toString('hex').slice(0, 16);
  return { body, integrity: `sha256-${digest.toString('base64')}`, version, src: `${PAGE_SCRIPT_PATH}?v=${version}` };
}

/** Read once at start-up; nothing about the script is computed per request. */
export function loadPageScript(files: readonly string[] = PAGE_SCRIPT_FILES): PageScript {
  const file = files.find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`the developer page's script is not built (looked for ${files.join(', ')}): run npm run build`);
  return pageScriptOf(readFileSync(file));
}
