import type { AppConfig } from './app-config';

/**
 * The developer page as mailed links name it: at PUBLIC_ORIGIN, or (when it is unset, in
 * development) on localhost at this instance's port.
 */
export const developerPageUrl = (config: AppConfig): string =>
  `${config.publicOrigin ? new URL(config.publicOrigin).origin : `http://localhost:${config.port}`}/developers`;
