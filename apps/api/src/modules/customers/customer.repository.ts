import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/types.ts';
import type { CustomerProfileRow, SessionProfileRow } from './customer-profile.ts';
import { countryCatalog } from '../reference/country-catalog.ts';

/** The newest documents the profile carries (older ones stay stored). */
const DOCUMENTS_IN_PROFILE = 50;

const PROFILE_COLUMNS = sql`
  c.id, c.crn, c.name, c.second_name, c.third_name, c.unique_identity_number, c.poi_name_check,
  c.created_at, c.updated_at,
  a.email, a.email_verified_at, a.password_changed_at, a.mobile_number,
  a.mfa_method as account_mfa_method, a.created_at as account_created_at, a.updated_at as account_updated_at,
  c.country_id, c.nationality_id, a.mobile_number_country_id,
  to_jsonb(ad) as address,
  (select jsonb_object_agg(ca.attribute, ca.value) from customer_attributes ca where ca.customer_id = c.id) as attribute_values,
  (select jsonb_agg(to_jsonb(dd) order by dd.created_at desc, dd.id desc) from (
    select d.id, d.document_category_code as category, d.document_type_code as type, d.status_code, d.status_title,
      d.status_reason_code, d.status_reason, d.reviewed_at, d.created_at, d.updated_at,
      (select jsonb_agg(jsonb_build_object('id', p.id, 'position', p.position, 'side', p.side,
          'content_type', p.content_type, 'size', p.size) order by p.position)
        from document_pages p where p.document_id = d.id) as pages
    from documents d where d.customer_id = c.id order by d.created_at desc, d.id desc limit ${DOCUMENTS_IN_PROFILE}
  ) dd) as documents`;

const PROFILE_JOINS = sql`
  join accounts a on a.customer_id = c.id
  left join addresses ad on ad.customer_id = c.id`;

/** The row as the query returns it: country ids, resolved from the in-memory country catalog. */
type WithCountryIds<T> = Omit<T, 'country' | 'nationality' | 'mobile_number_country'> & {
  country_id: number | null;
  nationality_id: number | null;
  mobile_number_country_id: number | null;
};

function withCountries<T extends CustomerProfileRow>(row: WithCountryIds<T> | undefined): T | undefined {
  if (!row) return undefined;
  const { country_id, nationality_id, mobile_number_country_id, ...rest } = row;
  return {
    ...rest,
    country: countryCatalog.get(country_id),
    nationality: countryCatalog.get(nationality_id),
    mobile_number_country: countryCatalog.get(mobile_number_country_id),
  } as unknown as T;
}

async function first<T>(db: Executor, q: RawBuilder<T>): Promise<T | undefined> {
  const res = await q.execute(db);
  return res.rows[0];
}

/** The identity columns onboarding keeps in step with the customer's attributes. */
export interface CustomerIdentityColumns {
  name: string | null;
  second_name: string | null;
  third_name: string | null;
  unique_identity_number: string | null;
  nationality_id: number | null;
}

/** The address columns (one row per customer). */
export interface CustomerAddressColumns {
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  postcode: string | null;
  region: string | null;
}

/** The SQL of the customers, customer_attributes and addresses tables (this module owns them) and the profile read. */
export const customerRepository = {
  async crnExists(db: Executor, crn: string): Promise<boolean> {
    return !!(await db.selectFrom('customers').select('id').where('crn', '=', crn).executeTakeFirst());
  },

  async insert(db: Executor, c: { customerId: string; crn: string; at: Date }): Promise<void> {
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
  },

  async setCountry(db: Executor, customerId: string, countryId: number, at: Date): Promise<void> {
    await db
      .updateTable('customers')
      .set({ country_id: countryId, updated_at: at })
      .where('id', '=', customerId)
      .execute();
  },

  async updateIdentity(db: Executor, customerId: string, cols: CustomerIdentityColumns, at: Date): Promise<void> {
    await db
      .updateTable('customers')
      .set({ ...cols, updated_at: at })
      .where('id', '=', customerId)
      .execute();
  },

  async setPoiNameCheck(db: Executor, customerId: string, value: boolean | null, at: Date): Promise<void> {
    await db
      .updateTable('customers')
      .set({ poi_name_check: value, updated_at: at })
      .where('id', '=', customerId)
      .execute();
  },

  async touch(db: Executor, customerId: string, at: Date): Promise<void> {
    await db.updateTable('customers').set({ updated_at: at }).where('id', '=', customerId).execute();
  },

  async attributeValues(db: Executor, customerId: string): Promise<Record<string, string | null>> {
    const rows = await db
      .selectFrom('customer_attributes')
      .select(['attribute', 'value'])
      .where('customer_id', '=', customerId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.attribute, r.value]));
  },

  /** Drop the values of attributes that are not in `keep`. */
  async deleteAttributesExcept(db: Executor, customerId: string, keep: readonly string[]): Promise<void> {
    let q = db.deleteFrom('customer_attributes').where('customer_id', '=', customerId);
    if (keep.length) q = q.where('attribute', 'not in', keep);
    await q.execute();
  },

  async upsertAttributeValues(
    db: Executor,
    customerId: string,
    values: Record<string, string | null>,
    at: Date,
  ): Promise<void> {
    const rows = Object.entries(values).map(([attribute, value]) => ({
      customer_id: customerId,
      attribute,
      value,
      created_at: at,
      updated_at: at,
    }));
    if (!rows.length) return;
    await db
      .insertInto('customer_attributes')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['customer_id', 'attribute'])
          .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: at })),
      )
      .execute();
  },

  /** Insert or update the customer's single address row; removes it when every column is empty. */
  async saveAddress(
    db: Executor,
    customerId: string,
    id: string,
    cols: CustomerAddressColumns,
    at: Date,
  ): Promise<void> {
    if (Object.values(cols).every((v) => v === null)) {
      await db.deleteFrom('addresses').where('customer_id', '=', customerId).execute();
      return;
    }
    await db
      .insertInto('addresses')
      .values({ id, customer_id: customerId, ...cols, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('customer_id').doUpdateSet({ ...cols, updated_at: at }))
      .execute();
  },

  /** The names and email of the customer (a receipt's sender). */
  contact(db: Executor, customerId: string) {
    return db
      .selectFrom('customers')
      .innerJoin('accounts', 'accounts.customer_id', 'customers.id')
      .select(['customers.name', 'customers.second_name', 'customers.third_name', 'accounts.email'])
      .where('customers.id', '=', customerId)
      .executeTakeFirst();
  },

  async findProfileById(db: Executor, customerId: string): Promise<CustomerProfileRow | undefined> {
    return withCountries(
      await first(
        db,
        sql<
          WithCountryIds<CustomerProfileRow>
        >`select ${PROFILE_COLUMNS} from customers c ${PROFILE_JOINS} where c.id = ${customerId}`,
      ),
    );
  },

  /** The hot path of every authenticated request: one indexed lookup by token hash, joined with the profile. */
  async findProfileBySessionTokenHash(db: Executor, tokenHash: string): Promise<SessionProfileRow | undefined> {
    const row = await first(
      db,
      sql<WithCountryIds<SessionProfileRow>>`
        select s.id as s_id, s.customer_id as s_customer_id, s.public_token as s_public_token,
          s.is_mfa_completed as s_is_mfa_completed, s.mfa_method as s_mfa_method,
          s.client_version as s_client_version, s.os_version as s_os_version, s.touched_at as s_touched_at,
          s.last_authenticated_at as s_last_authenticated_at, s.step_up_scope as s_step_up_scope,
          s.expires_at as s_expires_at,
          s.created_at as s_created_at, s.updated_at as s_updated_at,
          ${PROFILE_COLUMNS}
        from sessions s
        join customers c on c.id = s.customer_id
        ${PROFILE_JOINS}
        where s.token_hash = ${tokenHash} and s.revoked_at is null`,
    );
    return withCountries(row);
  },
};
