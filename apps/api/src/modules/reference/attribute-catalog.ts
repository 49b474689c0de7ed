import { AttributeOption, type Attribute } from '@remit/contract';
import type { Kysely } from 'kysely';
import { attributeSets, DEFAULT_SCOPE, type AttributeSeed } from '../../db/seeds/attributes/index.ts';
import type { Database } from '../../db/types.ts';

/** An attribute's definition, without the customer's value; frozen, options included. */
export type AttributeDefinition = Readonly<Omit<Attribute, 'value' | 'options'>> & {
  readonly options: readonly Readonly<AttributeOption>[] | null;
};

const optionsColumn = AttributeOption.array().nullable();

/**
 * In-memory cache of the attribute definitions (reference data): the profile of every request is
 * built from it without touching the database. Starts from the seed data and is reloaded from the
 * attribute_definitions table after each seed (`load`), so the table stays the source of truth.
 */
export class AttributeCatalog {
  private byScope = new Map<string, readonly AttributeDefinition[]>();

  constructor(initial: Readonly<Record<string, readonly AttributeSeed[]>>) {
    this.replace(Object.entries(initial).map(([scope, set]) => [scope, set]));
  }

  private replace(entries: [string, readonly AttributeSeed[]][]): void {
    const next = new Map<string, readonly AttributeDefinition[]>();
    const freeze = (a: AttributeSeed): AttributeDefinition =>
      Object.freeze({ ...a, options: a.options && Object.freeze(a.options.map((o) => Object.freeze({ ...o }))) });
    for (const [scope, set] of entries) next.set(scope, Object.freeze(set.map(freeze)));
    this.byScope = next;
  }

  /** The definitions of a country (by iso2), in display order; the default set when it has none. */
  forCountry(iso2: string | null | undefined): readonly AttributeDefinition[] {
    if (!iso2) return [];
    return this.byScope.get(iso2.trim().toUpperCase()) ?? this.byScope.get(DEFAULT_SCOPE) ?? [];
  }

  /** Invalidate and reload from the database. */
  async load(db: Kysely<Database>): Promise<void> {
    const rows = await db
      .selectFrom('attribute_definitions')
      .select([
        'scope',
        'attribute',
        'category',
        'regular_expression',
        'mask',
        'expression_error_message',
        'label',
        'info_text',
        'is_required',
        'options',
      ])
      .orderBy('scope')
      .orderBy('position')
      .execute();
    const grouped = new Map<string, AttributeSeed[]>();
    for (const { scope, options, ...def } of rows) {
      let list = grouped.get(scope);
      if (!list) grouped.set(scope, (list = []));
      // jsonb read back as written by the seed; parsed so that a hand-edited row fails here, not in a response.
      list.push({ ...def, options: optionsColumn.parse(options) });
    }
    this.replace([...grouped]);
  }
}

/** Process-wide: the definitions are the same reference data for every app instance. */
export const attributeCatalog = new AttributeCatalog(attributeSets);
