/** An account. Emails are compared case-insensitively; usernames are already lower case. */
export interface User {
  id: string;
  email: string;
  username: string;
  name: string;
  passwordHash: string;
  /** Whether the owner proved the email is theirs (a link mailed to it, or a password reset through it). */
  emailVerified: boolean;
  createdAt: Date;
}

/** What other modules and other users may see of an account. */
export interface UserSummary {
  id: string;
  username: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

export const toSummary = (user: User): UserSummary => ({
  id: user.id,
  username: user.username,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
});

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX = 254;

/**
 * The one rule for what counts as an email address, for sign-up and for invitations alike,
 * so that every account can be invited (an invitation waits for an account with its address).
 */
export const isEmailAddress = (email: string): boolean => email.length <= EMAIL_MAX && EMAIL.test(email);
