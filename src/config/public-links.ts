import type { AppConfig } from './app-config';

/** The developer page as mailed links name it, at the origin of links in mail (PUBLIC_ORIGIN, else the address the service listens on). */
export const developerPageUrl = (config: AppConfig): string => `${config.mail.linkOrigin}/developers`;
