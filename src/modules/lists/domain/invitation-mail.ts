import type { MailQueue, OutgoingMail } from '../../../common/ports/mail-queue';

/** Where an invitation mail leads: the developer page at PUBLIC_ORIGIN, where the invitee signs up or in. */
export interface InvitationLinks {
  developerPage: string;
}

/** The mail an invitee receives; they may have no account yet. */
export const invitationMail = (links: InvitationLinks, to: string, listName: string, inviterName: string, role: string): OutgoingMail => ({
  to,
  kind: 'invitation',
  // Within what a mail's subject may hold (200 characters): a list's name has at most 100.
  subject: `Invitation to the list "${listName}"`,
  text: [
    `${inviterName} invited you to join the list "${listName}" as ${role === 'editor' ? 'an editor' : 'a viewer'}.`,
    '',
    `To answer, sign in (or sign up with this address) at ${links.developerPage}, verify this address, and accept the invitation.`,
    'The invitation expires in 14 days.',
  ].join('\n'),
});

/** Queues the invitation mails, each leading to `links`. */
export class InvitationMailer {
  constructor(
    private readonly mail: MailQueue,
    private readonly links: InvitationLinks,
  ) {}

  send(to: string, listName: string, inviterName: string, role: string): Promise<void> {
    return this.mail.enqueue(invitationMail(this.links, to, listName, inviterName, role));
  }
}
