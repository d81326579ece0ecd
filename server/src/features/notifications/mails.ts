// The texts of the mails notifications send: one short mail per notification (the e-mail channel), and the
// e-mail digest. Plain text with whole links; titles are the notification's own (one line).
import { type NotificationType, PATHS } from '@hearth/contract';
import type { Mail } from '../../platform/mail';

/** How each type is named to people (the web's preferences page says the same). */
export const TYPE_LABELS: Record<NotificationType, string> = {
  FEED_POST: 'Post published',
  COMMUNITY_POST: 'Community post',
  COMMENT: 'Mention',
  ACK_REMINDER: 'Acknowledgement reminder',
  SURVEY: 'Survey',
};

/** A title on one line, as a subject needs it. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const labelOf = (type: string) => TYPE_LABELS[type as NotificationType] ?? 'Notification';

export type MailContext = { brand: string; publicUrl: string };

/** The mail of one notification: what it is, its title and the link to its page. */
export function notificationMail(
  c: MailContext,
  to: { email: string; firstName: string },
  n: { type: string; title: string; path: string },
): Mail {
  const label = labelOf(n.type);
  const title = oneLine(n.title);
  const link = `${c.publicUrl}${n.path}`;
  return {
    to: to.email,
    link,
    subject: `${label}: ${title}`,
    text: `Hello ${to.firstName},\n\n${label} in ${c.brand}:\n${title}\n\nOpen it: ${link}\n\nYou can choose which notifications reach you by e-mail in your notification preferences: ${c.publicUrl}${PATHS.notificationPreferences}\n`,
  };
}

export type DigestContent = {
  frequency: 'daily' | 'weekly';
  unread: { type: string; title: string; path: string }[];
  /** How many unread notifications there are in all (the mail lists at most 20). */
  unreadTotal: number;
  topPosts: { title: string; path: string; opened: number }[];
  unsubscribeLink: string;
};

/** The digest: unread notifications of the period, the most read posts, and the link to turn it off. */
export function digestMail(c: MailContext, to: { email: string; firstName: string }, d: DigestContent): Mail {
  const period = d.frequency === 'daily' ? 'day' : 'week';
  const lines = [`Hello ${to.firstName},`, '', `here is your ${c.brand} digest of the past ${period}.`];
  if (d.unread.length > 0) {
    lines.push('', `Unread notifications (${d.unreadTotal}):`);
    for (const n of d.unread)
      lines.push(`- ${labelOf(n.type)}: ${oneLine(n.title)}`, `  ${c.publicUrl}${n.path}`);
    if (d.unreadTotal > d.unread.length)
      lines.push(`- and ${d.unreadTotal - d.unread.length} more: ${c.publicUrl}${PATHS.notifications}`);
  }
  if (d.topPosts.length > 0) {
    lines.push('', `Most read this ${period}:`);
    for (const p of d.topPosts) lines.push(`- ${oneLine(p.title)}`, `  ${c.publicUrl}${p.path}`);
  }
  lines.push(
    '',
    `To stop receiving this digest, open: ${d.unsubscribeLink}`,
    `Or change how often it comes in your notification preferences: ${c.publicUrl}${PATHS.notificationPreferences}`,
    '',
  );
  return {
    to: to.email,
    subject: `Your ${d.frequency} ${c.brand} digest`,
    text: lines.join('\n'),
  };
}
