import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import {
  Customer,
  Document,
  DocumentCategory,
  type DocumentPage,
  type DocumentRejectionCode,
  type DocumentStatusCode,
  type DocumentType,
} from '@remit/contract';
import { completeCustomer } from './security-fixtures';

const MB = 1024 * 1024;
const ANY = ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'] as const;

type TypeSeed = Partial<DocumentType> & Pick<DocumentType, 'id' | 'code' | 'title'>;

const type = (seed: TypeSeed): DocumentType => ({
  description: null,
  public_upload: false,
  info: null,
  document_number_label: null,
  api: null,
  min_pages: 1,
  max_pages: 1,
  sides: null,
  accepted_types: [...ANY],
  max_page_bytes: 10 * MB,
  ...seed,
});

const card = (id: number, code: string, title: string, numberLabel: string, publicUpload: boolean) =>
  type({
    id,
    code,
    title,
    description: `Both sides of your ${title.toLowerCase()}.`,
    info: 'Photograph the front and the back on a flat, dark surface, with all four corners visible and no glare.',
    document_number_label: numberLabel,
    public_upload: publicUpload,
    min_pages: 2,
    max_pages: 2,
    sides: ['front', 'back'],
  });

const paper = (id: number, code: string, title: string, publicUpload: boolean) =>
  type({
    id,
    code,
    title,
    description: `${title}.`,
    info: 'Dated within the last 3 months, showing your full name and home address. Upload every page.',
    public_upload: publicUpload,
    min_pages: 1,
    max_pages: 4,
  });

/** The api's seeded categories (apps/api/src/db/seeds/documents.ts) with stable ids for the tests. */
export function documentCategories(options: { addressRequired?: boolean } = {}): DocumentCategory[] {
  return [
    {
      id: 1,
      code: 'proof_of_identity',
      title: 'Proof of identity',
      description: 'A valid photo ID issued by a government, in the name you signed up with.',
      is_required: true,
      document_types: [
        type({
          id: 11,
          code: 'passport',
          title: 'Passport',
          description: 'The page with your photo.',
          info: 'All four corners, your photo and the two lines of characters at the bottom must be visible.',
          document_number_label: 'Passport number',
        }),
        card(12, 'national_id', 'National ID card', 'ID card number', true),
        card(13, 'driving_licence', 'Driving licence', 'Licence number', false),
        type({
          id: 14,
          code: 'residence_permit',
          title: 'Residence permit',
          description: 'Your residence permit or card, with its photo.',
          info: 'Upload both sides if your permit is a card.',
          document_number_label: 'Permit number',
          max_pages: 2,
        }),
      ],
    },
    {
      id: 2,
      code: 'proof_of_address',
      title: 'Proof of address',
      description: 'A recent document that shows your name and the address you live at.',
      is_required: options.addressRequired ?? false,
      document_types: [
        paper(21, 'utility_bill', 'Utility bill', true),
        paper(22, 'bank_statement', 'Bank statement', false),
        paper(23, 'tax_letter', 'Tax or council letter', false),
      ],
    },
    {
      id: 3,
      code: 'selfie',
      title: 'Selfie and liveness check',
      description: 'A live photo of your face, which we compare with your photo ID.',
      is_required: true,
      document_types: [
        type({
          id: 31,
          code: 'selfie',
          title: 'Selfie',
          description: 'Take a photo of your face with your camera.',
          info: 'Good light, face the camera, no glasses, hat or mask.',
          api: 'sandbox',
          accepted_types: ['image/jpeg', 'image/png'],
        }),
      ],
    },
  ].map((category) => DocumentCategory.parse(category));
}

const STATUS_TITLES: Record<DocumentStatusCode, string> = {
  pending: 'Pending',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};

let documentCount = 0;

/** A document of a seeded category and type (parsed with the contract). */
export function buildDocument(
  categoryCode: string,
  typeCode: string,
  options: {
    status?: DocumentStatusCode;
    reasonCode?: DocumentRejectionCode | null;
    reason?: string | null;
    createdAt?: string;
    reviewedAt?: string | null;
    pages?: Partial<DocumentPage>[];
    id?: string;
  } = {},
): Document {
  const category = documentCategories().find((c) => c.code === categoryCode);
  const documentType = category?.document_types.find((t) => t.code === typeCode);
  if (!category || !documentType) throw new Error(`No seeded type ${categoryCode}/${typeCode}`);
  documentCount += 1;
  const id = options.id ?? `doc-${documentCount}`;
  const createdAt = options.createdAt ?? '2025-03-04T09:30:00.000Z';
  const { document_types: _types, is_required: _required, ...categoryFields } = category;
  const pages =
    options.pages ??
    (documentType.sides ?? [null]).map((side, index) => ({
      side,
      position: index + 1,
      content_type: 'image/jpeg' as const,
    }));
  return Document.parse({
    id,
    document_category: categoryFields,
    document_type: documentType,
    status_code: options.status ?? 'pending',
    status_title: STATUS_TITLES[options.status ?? 'pending'],
    status_reason_code: options.reasonCode ?? null,
    status_reason: options.reason ?? null,
    pages: pages.map((page, index) => ({
      id: `${id}-page-${index + 1}`,
      position: index + 1,
      side: null,
      content_type: 'image/jpeg',
      size: 120_000,
      ...page,
    })),
    reviewed_at: options.reviewedAt ?? null,
    created_at: createdAt,
    updated_at: createdAt,
  });
}

/** A signed-in customer past onboarding with these documents (newest first, as the api lists them). */
export function customerWithDocuments(documents: Document[] = []): Customer {
  return Customer.parse({ ...completeCustomer(), documents });
}

/**
 * A file as a test hands it to an input. Node's File, not jsdom's: MSW turns the request body into
 * a Node Request, which cannot read jsdom's Blob (the upload would hang).
 */
export function nodeFile(name: string, type: string, content: string | number = 'file-bytes'): File {
  const parts = typeof content === 'number' ? [new Uint8Array(content)] : [content];
  return new NodeFile(parts, name, { type }) as unknown as File;
}

/** A JPEG-ish blob (canvas.toBlob in the selfie tests). */
export function nodeBlob(content = 'jpeg-bytes', type = 'image/jpeg'): Blob {
  return new NodeBlob([content], { type }) as unknown as Blob;
}

/**
 * Node's FormData in place of jsdom's for this test (vi.unstubAllGlobals() puts it back): jsdom's
 * FormData turns Node files into text, and MSW cannot read a jsdom one.
 */
export async function useNodeFormData(stubGlobal: (name: string, value: unknown) => unknown): Promise<void> {
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor;
  stubGlobal('FormData', NodeFormData);
}
