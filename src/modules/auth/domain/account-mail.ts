import type { OutgoingMail } from '../../../common/ports/mail-queue';

/** Where mailed links lead: the developer page at PUBLIC_ORIGIN (`https://todo.example/developers`). */
export interface AccountLinks {
  developerPage: string;
}

// Tokens travel in the link's fragment (`#verify=…`, `#reset=…`): a browser sends no fragment
// to any server, so the token reaches no access log and no Referer; the page reads it and
// posts it to the portal API.

export const verificationMail = (links: AccountLinks, to: string, token: string): OutgoingMail => ({
  to,
  kind: 'verify-email',
  subject: 'Confirm your email address',
  text: [
    'Confirm that this address is yours by opening this link:',
    '',
    `${links.developerPage}#verify=${token}`,
    '',
    'The link works once, for 24 hours. If you did not ask for it, ignore this message.',
  ].join('\n'),
});

export const passwordResetMail = (links: AccountLinks, to: string, token: string): OutgoingMail => ({
  to,
  kind: 'password-reset',
  subject: 'Reset your password',
  text: [
    'Someone asked to reset the password of the account with this address. To choose a new one, open this link:',
    '',
    `${links.developerPage}#reset=${token}`,
    '',
    'The link works once, for 1 hour. If you did not ask for it, ignore this message: your password is unchanged.',
  ].join('\n'),
});

/** The answer to a reset asked for an address without an account: it holds no link. */
export const noAccountResetMail = (links: AccountLinks, to: string): OutgoingMail => ({
  to,
  kind: 'password-reset-no-account',
  subject: 'Reset your password',
  text: [
    'Someone asked to reset the password of an account with this address, but no account uses it.',
    '',
    `To create one, go to ${links.developerPage}. If you did not ask for it, ignore this message.`,
  ].join('\n'),
});
