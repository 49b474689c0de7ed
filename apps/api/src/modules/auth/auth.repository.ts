import type { Executor } from '../../db/types.ts';
import type { MfaMethodColumn } from '../../db/types.ts';

export interface NewCustomerAccount {
  customerId: string;
  crn: string;
  email: string;
  passwordHash: string;
  at: Date;
}

export const authRepository = {
  findAccountByEmail(db: Executor, email: string) {
    return db
      .selectFrom('accounts')
      .select(['customer_id', 'email', 'password_hash', 'email_verified_at', 'mfa_method'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst() as Promise<
      | {
          customer_id: string;
          email: string;
          password_hash: string;
          email_verified_at: Date | null;
          mfa_method: MfaMethodColumn;
        }
      | undefined
    >;
  },

  async emailExists(db: Executor, email: string): Promise<boolean> {
    const row = await db
      .selectFrom('accounts')
      .select('customer_id')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return !!row;
  },

  async crnExists(db: Executor, crn: string): Promise<boolean> {
    return !!(await db.selectFrom('customers').select('id').where('crn', '=', crn).executeTakeFirst());
  },

  async insertCustomerWithAccount(db: Executor, c: NewCustomerAccount): Promise<void> {
    await db
      .insertInto('customers')
      .values({
        id: c.customerId,
        crn: c.crn,
        name: null,
        second_name: null,
        third_name: null,
        unique_identity_number: null,
        country_id: null,
        nationality_id: null,
        poi_name_check: null,
        created_at: c.at,
        updated_at: c.at,
      })
      .execute();
    await db
      .insertInto('accounts')
      .values({
        customer_id: c.customerId,
        email: c.email.toLowerCase(),
        password_hash: c.passwordHash,
        email_verified_at: null,
        password_changed_at: null,
        mobile_number: null,
        mobile_number_country_id: null,
        created_at: c.at,
        updated_at: c.at,
      })
      .execute();
  },
};
