import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.ts';
import { AttributeCategory } from '../entities/attribute.ts';
import { Country } from '../entities/country.ts';
import { Customer } from '../entities/customer.ts';
import {
  ApplyInfoFromPoiRequest,
  AttributeValues,
  TasksResponse,
  UpdateCountryRequest,
  UpdateMobileNumberRequest,
} from './schemas.ts';

/**
 * Reference list the product needs but the specification does not name (country picker, calling codes):
 * docs/product/api.md#implemented-calls.
 */
export const listCountries = defineEndpoint({
  method: 'GET',
  path: '/client/v1/countries',
  summary: 'Every country',
  response: z.object({ countries: z.array(Country) }),
  auth: 'none',
});

export const updateCountry = defineEndpoint({
  method: 'POST',
  path: '/client/v1/update-country',
  summary: 'Choose the country of residence',
  body: UpdateCountryRequest,
  response: Customer,
  auth: 'session',
});

export const updateAttributes = defineEndpoint({
  method: 'POST',
  path: '/client/v1/update',
  summary: 'Save the attribute values of one category',
  query: z.object({ category: AttributeCategory }),
  body: AttributeValues,
  response: Customer,
  auth: 'session',
});

export const updateMobileNumber = defineEndpoint({
  method: 'POST',
  path: '/client/v1/update-mobile-number',
  summary: 'Set the mobile number',
  body: UpdateMobileNumberRequest,
  response: Customer,
  auth: 'session',
});

export const listTasks = defineEndpoint({
  method: 'GET',
  path: '/client/v1/tasks',
  summary: 'What the customer still has to do',
  response: TasksResponse,
  auth: 'session',
});

export const applyInfoFromPoi = defineEndpoint({
  method: 'POST',
  path: '/client/v1/apply-info-from-poi',
  summary: 'Fill identity attributes from an approved proof-of-identity document',
  body: ApplyInfoFromPoiRequest,
  response: Customer,
  auth: 'session',
});
