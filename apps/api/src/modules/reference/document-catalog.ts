import type { DocumentCategory, DocumentType, PageContentType, PageSide } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** A category as reference data: the wire shape without `is_required`, plus where it is required. */
export interface CategoryDefinition extends Omit<DocumentCategory, 'is_required' | 'document_types'> {
  /** Null: required in every country; else the iso2 codes of the countries of residence that require it. */
  requiredIn: readonly string[] | null;
  document_types: readonly DocumentType[];
}

/**
 * A category asked for on request only (required nowhere: `required_in` is empty), such as a held
 * transfer's source of funds (docs/product/holds.md#triggers): not listed among the verification
 * categories, and one document per request rather than one per category.
 */
export const isOnRequest = (c: CategoryDefinition): boolean => c.requiredIn !== null && c.requiredIn.length === 0;

/**
 * In-memory cache of the document categories and types (reference data, seeded by
 * db/seeds/documents.ts): upload checks and every profile read use it without a query. Loaded after
 * each seed; empty until then.
 */
export class DocumentCatalog {
  private categories: readonly CategoryDefinition[] = [];
  private typesById = new Map<number, { category: CategoryDefinition; type: DocumentType }>();

  all(): readonly CategoryDefinition[] {
    return this.categories;
  }

  category(id: number): CategoryDefinition | undefined {
    return this.categories.find((c) => c.id === id);
  }

  categoryByCode(code: string): CategoryDefinition | undefined {
    return this.categories.find((c) => c.code === code);
  }

  /** A type by id, with its category. */
  type(id: number): { category: CategoryDefinition; type: DocumentType } | undefined {
    return this.typesById.get(id);
  }

  typeByCode(categoryCode: string, typeCode: string): DocumentType | undefined {
    return this.categoryByCode(categoryCode)?.document_types.find((t) => t.code === typeCode);
  }

  /** Whether a resident of `iso2` must provide the category; nobody must before choosing a country. */
  isRequired(category: CategoryDefinition, iso2: string | null | undefined): boolean {
    if (!iso2) return false;
    return category.requiredIn === null || category.requiredIn.includes(iso2.toUpperCase());
  }

  /** The categories a customer sees, required ones first, each saying whether it is required. */
  forCountry(iso2: string | null | undefined): DocumentCategory[] {
    const list = this.categories
      .filter((c) => !isOnRequest(c))
      .map((c) => ({
        id: c.id,
        code: c.code,
        title: c.title,
        description: c.description,
        is_required: this.isRequired(c, iso2),
        document_types: [...c.document_types],
      }));
    return [...list.filter((c) => c.is_required), ...list.filter((c) => !c.is_required)];
  }

  async load(db: Kysely<Database>): Promise<void> {
    const categories = await db.selectFrom('document_categories').selectAll().orderBy('position').execute();
    const types = await db.selectFrom('document_types').selectAll().orderBy('position').execute();
    const next: CategoryDefinition[] = categories.map((c) => ({
      id: c.id,
      code: c.code,
      title: c.title,
      description: c.description,
      requiredIn: c.required_in ? Object.freeze([...c.required_in]) : null,
      document_types: Object.freeze(
        types
          .filter((t) => t.category_id === c.id)
          .map((t): DocumentType =>
            Object.freeze({
              id: t.id,
              code: t.code,
              title: t.title,
              description: t.description,
              public_upload: t.public_upload,
              info: t.info,
              document_number_label: t.document_number_label,
              api: t.api,
              min_pages: t.min_pages,
              max_pages: t.max_pages,
              sides: t.sides ? ([...t.sides] as PageSide[]) : null,
              accepted_types: [...t.accepted_types] as PageContentType[],
              max_page_bytes: t.max_page_bytes,
            }),
          ),
      ),
    }));
    const byId = new Map<number, { category: CategoryDefinition; type: DocumentType }>();
    for (const category of next) for (const type of category.document_types) byId.set(type.id, { category, type });
    this.categories = Object.freeze(next);
    this.typesById = byId;
  }
}

/** Process-wide: the same reference data for every app instance. */
export const documentCatalog = new DocumentCatalog();
