import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.ts';
import { Timestamp } from '../common/primitives.ts';

export const MailboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: Timestamp,
});
export type MailboxMessage = z.infer<typeof MailboxMessage>;

export const Mailbox = z.object({ messages: z.array(MailboxMessage) });
export type Mailbox = z.infer<typeof Mailbox>;

/** Dev outbox: exists only while no SMTP is configured and NODE_ENV is not production. */
export const getMailbox = defineEndpoint({
  method: 'GET',
  path: '/dev/mailbox',
  summary: 'Dev outbox, newest first',
  response: Mailbox,
  auth: 'none',
});
