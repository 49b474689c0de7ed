import type { Kysely } from 'kysely';
import type { Database } from '../../types.ts';
import { de } from './de.ts';
import { defaultSet } from './default.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { gb } from './gb.ts';
import { inSet } from './in.ts';
import { it } from './it.ts';
import { mx } from './mx.ts';
import { ng } from './ng.ts';
import { ph } from './ph.ts';
import type { AttributeSeed } from './types.ts';
import { us } from './us.ts';

export type { AttributeSeed } from './types.ts';

export const DEFAULT_SCOPE = 'default';

/** Attribute definitions per scope: a country's iso2 code, or 'default' for every other country. */
export const attributeSets: Readonly<Record<string, readonly AttributeSeed[]>> = {
  [DEFAULT_SCOPE]: defaultSet,
  GB: gb,
  US: us,
  DE: de,
  FR: fr,
  ES: es,
  IT: it,
  NG: ng,
  IN: inSet,
  PH: ph,
  MX: mx,
};

/** Idempotent: upserts every definition (position = order in its set) and removes definitions no longer seeded. */
export async function seedAttributeDefinitions(db: Kysely<Database>): Promise<void> {
  const rows = Object.entries(attributeSets).flatMap(([scope, set]) =>
    set.map((a, position) => ({ scope, position, ...a, options: a.options ? JSON.stringify(a.options) : null })),
  );
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('attribute_definitions')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['scope', 'attribute']).doUpdateSet((eb) => ({
          category: eb.ref('excluded.category'),
          position: eb.ref('excluded.position'),
          label: eb.ref('excluded.label'),
          info_text: eb.ref('excluded.info_text'),
          mask: eb.ref('excluded.mask'),
          regular_expression: eb.ref('excluded.regular_expression'),
          expression_error_message: eb.ref('excluded.expression_error_message'),
          is_required: eb.ref('excluded.is_required'),
          options: eb.ref('excluded.options'),
          updated_at: new Date(),
        })),
      )
      .execute();
    const existing = await trx.selectFrom('attribute_definitions').select(['scope', 'attribute']).execute();
    const wanted = new Set(rows.map((r) => `${r.scope}\u0000${r.attribute}`));
    for (const row of existing) {
      if (!wanted.has(`${row.scope}\u0000${row.attribute}`)) {
        await trx
          .deleteFrom('attribute_definitions')
          .where('scope', '=', row.scope)
          .where('attribute', '=', row.attribute)
          .execute();
      }
    }
  });
}
