import { defineEndpoint } from '../common/endpoint.ts';
import { IdParams } from '../common/primitives.ts';
import {
  Recipient,
  RecipientList,
  RecipientListQuery,
  RecipientRequest,
  RecipientReveal,
  RecipientRequirements,
  RecipientRequirementsQuery,
  RecipientRequirementsRequest,
} from './schemas.ts';

/** The fields of `details` for a country, currency and payout method (docs/product/money-movement.md#recipients). */
export const getRecipientRequirements = defineEndpoint({
  method: 'GET',
  path: '/client/v1/recipient-requirements',
  summary: 'The recipient details a payout needs',
  query: RecipientRequirementsQuery,
  response: RecipientRequirements,
  auth: 'session',
});

/** The same, refined by the details chosen so far (a field with `refresh_requirements_on_change`). */
export const refreshRecipientRequirements = defineEndpoint({
  method: 'POST',
  path: '/client/v1/recipient-requirements',
  summary: 'The recipient details a payout needs, refined by the details chosen so far',
  body: RecipientRequirementsRequest,
  response: RecipientRequirements,
  auth: 'session',
});

export const listRecipients = defineEndpoint({
  method: 'GET',
  path: '/client/v1/recipients',
  summary: "The customer's recipients, by name, with search and cursor pagination",
  query: RecipientListQuery,
  response: RecipientList,
  auth: 'session',
});

export const createRecipient = defineEndpoint({
  method: 'POST',
  path: '/client/v1/recipients',
  summary: 'Add a recipient',
  body: RecipientRequest,
  response: Recipient,
  status: 201,
  auth: 'session',
});

/**
 * 404 for another customer's recipient, an unknown or malformed id, and a deleted one. The
 * account-identifying details come masked (`details_masked: true`).
 */
export const getRecipient = defineEndpoint({
  method: 'GET',
  path: '/client/v1/recipients/:id',
  summary: 'One recipient',
  params: IdParams,
  response: Recipient,
  auth: 'session',
});

/**
 * The details in full, after a recent step-up (403 `step_up_required` without); 404 as GET. Never
 * cached, never compressed.
 */
export const revealRecipient = defineEndpoint({
  method: 'POST',
  path: '/client/v1/recipients/:id/reveal',
  summary: "A recipient's account details in full",
  params: IdParams,
  response: RecipientReveal,
  auth: 'session',
});

export const updateRecipient = defineEndpoint({
  method: 'PUT',
  path: '/client/v1/recipients/:id',
  summary: 'Edit a recipient',
  params: IdParams,
  body: RecipientRequest,
  response: Recipient,
  auth: 'session',
});

/** Gone from the list; kept for the transfers already made to it. */
export const deleteRecipient = defineEndpoint({
  method: 'DELETE',
  path: '/client/v1/recipients/:id',
  summary: 'Delete a recipient',
  params: IdParams,
  response: null,
  auth: 'session',
});
