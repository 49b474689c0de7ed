/**
 * The verification feature's public face: what the app and other features may import (ESLint refuses paths
 * into this folder from outside it).
 */
export { VerificationOverview } from './components/verification-overview';
export { CategoryUploadScreen } from './components/category-upload';
export { documentCategoriesQueryKey } from './api/document-categories';
// A held transfer's source-of-funds document goes through the same upload (docs/product/holds.md#answering).
export { uploadMultipart } from './api/upload-document';
