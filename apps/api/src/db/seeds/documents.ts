import type { Kysely, Selectable } from 'kysely';
import type { Database, DocumentCategoriesTable, DocumentTypesTable } from '../types.ts';

/**
 * Document categories and types (docs/product/account-verification.md#categories-and-types). English
 * on the wire; the web app words them by code in each language. Idempotent: upsert by code, ids
 * stay stable once assigned. A type's pages: `sides` names each page (a card's front and back);
 * without sides, between `min_pages` and `max_pages` numbered pages.
 */
const MB = 1024 * 1024;
export const MAX_PAGE_BYTES = 10 * MB;
const ANY = ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'];
const PHOTO = ['image/jpeg', 'image/png', 'image/heic'];

/** Countries whose residents also prove their address: the EEA, the United Kingdom and Switzerland. */
export const PROOF_OF_ADDRESS_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO', 'GB', 'CH',
]; // prettier-ignore

/** What the seeder assigns, not the data: the id, the position (the data's order) and the timestamps. */
type Assigned = 'id' | 'position' | 'created_at' | 'updated_at';

/** A document type's row as seeded: its category and the page size are the seeder's too; always described. */
type TypeSeed = Omit<Selectable<DocumentTypesTable>, Assigned | 'category_id' | 'max_page_bytes' | 'description'> & {
  description: string;
};

/** A category's row as seeded (always described), with its types in order. */
type CategorySeed = Omit<Selectable<DocumentCategoriesTable>, Assigned | 'description'> & {
  description: string;
  types: TypeSeed[];
};

const card = (code: string, title: string, description: string, numberLabel: string, direct = false): TypeSeed => ({
  code,
  title,
  description,
  info: 'Photograph the front and the back on a flat, dark surface, with all four corners visible and no glare.',
  document_number_label: numberLabel,
  public_upload: direct,
  api: null,
  min_pages: 2,
  max_pages: 2,
  sides: ['front', 'back'],
  accepted_types: ANY,
});

const paper = (code: string, title: string, description: string, direct = false): TypeSeed => ({
  code,
  title,
  description,
  info: 'Dated within the last 3 months, showing your full name and home address. Upload every page.',
  document_number_label: null,
  public_upload: direct,
  api: null,
  min_pages: 1,
  max_pages: 4,
  sides: null,
  accepted_types: ANY,
});

export const DOCUMENT_CATEGORIES: readonly CategorySeed[] = [
  {
    code: 'proof_of_identity',
    title: 'Proof of identity',
    description: 'A valid photo ID issued by a government, in the name you signed up with.',
    required_in: null,
    types: [
      {
        code: 'passport',
        title: 'Passport',
        description: 'The page with your photo.',
        info: 'All four corners, your photo and the two lines of characters at the bottom must be visible.',
        document_number_label: 'Passport number',
        public_upload: false,
        api: null,
        min_pages: 1,
        max_pages: 1,
        sides: null,
        accepted_types: ANY,
      },
      card('national_id', 'National ID card', 'Both sides of your identity card.', 'ID card number', true),
      card('driving_licence', 'Driving licence', 'Both sides of your photocard licence.', 'Licence number'),
      {
        code: 'residence_permit',
        title: 'Residence permit',
        description: 'Your residence permit or card, with its photo.',
        info: 'Upload both sides if your permit is a card.',
        document_number_label: 'Permit number',
        public_upload: false,
        api: null,
        min_pages: 1,
        max_pages: 2,
        sides: null,
        accepted_types: ANY,
      },
    ],
  },
  {
    code: 'proof_of_address',
    title: 'Proof of address',
    description: 'A recent document that shows your name and the address you live at.',
    required_in: PROOF_OF_ADDRESS_COUNTRIES,
    types: [
      paper('utility_bill', 'Utility bill', 'Electricity, gas, water, internet or landline bill.', true),
      paper('bank_statement', 'Bank statement', 'A statement from your bank or credit card provider.'),
      paper('tax_letter', 'Tax or council letter', 'A letter from your tax office or local council.'),
    ],
  },
  {
    code: 'selfie',
    title: 'Selfie and liveness check',
    description: 'A live photo of your face, which we compare with your photo ID.',
    required_in: null,
    types: [
      {
        code: 'selfie',
        title: 'Selfie',
        description: 'Take a photo of your face with your camera.',
        info: 'Good light, face the camera, no glasses, hat or mask.',
        document_number_label: null,
        public_upload: false,
        api: 'sandbox',
        min_pages: 1,
        max_pages: 1,
        sides: null,
        accepted_types: PHOTO.filter((t) => t !== 'image/heic'),
      },
    ],
  },
];

/**
 * Documents asked for on request only (docs/product/holds.md#triggers): `required_in` is empty, so
 * they are required nowhere, not listed among the verification categories, and a customer may give
 * one per request (one per held transfer).
 */
export const ON_REQUEST_CATEGORIES: readonly CategorySeed[] = [
  {
    code: 'source_of_funds',
    title: 'Source of funds',
    description: 'A document that shows where the money you send comes from.',
    required_in: [],
    types: [
      {
        ...paper(
          'source_of_funds_evidence',
          'Proof of source of funds',
          'A payslip, bank statement, sale contract or similar.',
        ),
        info: 'Showing your name, the amount and where it comes from. Upload every page.',
      },
    ],
  },
];

export async function seedDocumentCategories(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [position, c] of [...DOCUMENT_CATEGORIES, ...ON_REQUEST_CATEGORIES].entries()) {
      const category = await trx
        .insertInto('document_categories')
        .values({
          code: c.code,
          title: c.title,
          description: c.description,
          required_in: c.required_in ? JSON.stringify(c.required_in) : null,
          position,
        })
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            description: eb.ref('excluded.description'),
            required_in: eb.ref('excluded.required_in'),
            position: eb.ref('excluded.position'),
            updated_at: new Date(),
          })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [typePosition, t] of c.types.entries()) {
        await trx
          .insertInto('document_types')
          .values({
            category_id: category.id,
            code: t.code,
            title: t.title,
            description: t.description,
            info: t.info,
            document_number_label: t.document_number_label,
            public_upload: t.public_upload,
            api: t.api,
            min_pages: t.min_pages,
            max_pages: t.max_pages,
            sides: t.sides ? JSON.stringify(t.sides) : null,
            accepted_types: JSON.stringify(t.accepted_types),
            max_page_bytes: MAX_PAGE_BYTES,
            position: typePosition,
          })
          .onConflict((oc) =>
            oc.columns(['category_id', 'code']).doUpdateSet((eb) => ({
              title: eb.ref('excluded.title'),
              description: eb.ref('excluded.description'),
              info: eb.ref('excluded.info'),
              document_number_label: eb.ref('excluded.document_number_label'),
              public_upload: eb.ref('excluded.public_upload'),
              api: eb.ref('excluded.api'),
              min_pages: eb.ref('excluded.min_pages'),
              max_pages: eb.ref('excluded.max_pages'),
              sides: eb.ref('excluded.sides'),
              accepted_types: eb.ref('excluded.accepted_types'),
              max_page_bytes: eb.ref('excluded.max_page_bytes'),
              position: eb.ref('excluded.position'),
              updated_at: new Date(),
            })),
          )
          .execute();
      }
    }
  });
}
