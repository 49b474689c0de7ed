/**
 * The apis the e2e suite starts (playwright.config.ts), the same build on fresh embedded
 * databases. The first, every journey's, has the sandbox reviewer decide at once
 * (SANDBOX_REVIEW_DELAY_MS=0): a customer who may send money is ready as soon as the documents are
 * uploaded. The second keeps the reviewer's default delay (in review after 3 s, decided 3 s later),
 * for the specs that watch a review happen (verification.spec.ts, the verification states of
 * accessibility.spec.ts): `test.use({ baseURL: reviewURL })`. Its bank transfers arrive after 3 s
 * (holds.spec.ts pays a transfer above the card limit by bank transfer).
 */
const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;
export const reviewURL = `http://127.0.0.1:${port + 1}`;
/**
 * The third, for passkeys (passkeys.spec.ts): WebAuthn takes no IP address as its relying party, so
 * this api's APP_URL (hence its RP ID) is `localhost`; it listens on 127.0.0.1 like the others.
 */
export const passkeyURL = `http://localhost:${port + 2}`;
export const passkeyReadyURL = `http://127.0.0.1:${port + 2}`;
