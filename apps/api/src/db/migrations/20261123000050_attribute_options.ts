import type { Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.

export async function up(db: Kysely<any>): Promise<void> {
  // The allowed values of a choice attribute, `[{ value, label }]` in display order; null for free text
  // (docs/product/entities.md#attribute). Filled by the attribute seed on start-up.
  await db.schema.alterTable('attribute_definitions').addColumn('options', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attribute_definitions').dropColumn('options').execute();
}
