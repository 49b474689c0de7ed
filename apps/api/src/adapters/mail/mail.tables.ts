// The dev outbox (outbox-mail-adapter.ts; read at /dev/mailbox). Emptied between tests.
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: Timestamp;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
