import type { Executor } from '../../db/types.ts';

export const mailboxRepository = {
  latest(db: Executor, limit: number) {
    return db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },
};
