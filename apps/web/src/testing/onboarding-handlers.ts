import {
  flattenDotKeys,
  onboardingEndpoints,
  securityEndpoints,
  type AttributeValues,
  type CodeSentResponse,
  type Customer,
  type MessageBody,
  type OtpRequest,
  type TasksResponse,
  type UpdateCountryRequest,
  type UpdateMobileNumberRequest,
  type ValidationErrorBody,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { logRequest } from './handlers';
import { buildOnboardingCustomer, countries, countryList, tasksFor } from './onboarding-fixtures';

type CountryCode = keyof typeof countries;
const codeOf = (id: number): CountryCode | undefined =>
  (Object.keys(countries) as CountryCode[]).find((code) => countries[code].id === id);

/** Happy-path onboarding handlers, typed by the contract (tests override them with server.use). */
export const onboardingHandlers = [
  http.get<never, never, { countries: typeof countryList }>(onboardingEndpoints.listCountries.path, ({ request }) => {
    logRequest(request);
    return HttpResponse.json({ countries: countryList });
  }),
  http.post<never, OtpRequest, Customer | ValidationErrorBody>(
    securityEndpoints.verifyEmailAddress.path,
    async ({ request }) => {
      logRequest(request);
      const { otp } = await request.json();
      if (otp !== '123456') {
        return HttpResponse.json(
          { message: 'The code is invalid.', errors: { otp: ['The code is invalid or has expired.'] } },
          { status: 422 },
        );
      }
      return HttpResponse.json(buildOnboardingCustomer({ emailVerified: true }));
    },
  ),
  http.post<never, never, CodeSentResponse>(securityEndpoints.resendEmailVerification.path, ({ request }) => {
    logRequest(request);
    return HttpResponse.json({ message: 'A new code has been sent.', resend_available_in: 60 });
  }),
  http.post<never, UpdateCountryRequest, Customer | ValidationErrorBody>(
    onboardingEndpoints.updateCountry.path,
    async ({ request }) => {
      logRequest(request);
      const code = codeOf((await request.json()).country_id);
      if (!code) {
        return HttpResponse.json(
          { message: 'Invalid.', errors: { country_id: ['Choose a country.'] } },
          { status: 422 },
        );
      }
      return HttpResponse.json(buildOnboardingCustomer({ country: code }));
    },
  ),
  http.post<never, AttributeValues, Customer | ValidationErrorBody>(
    onboardingEndpoints.updateAttributes.path,
    async ({ request }) => {
      logRequest(request);
      const values = flattenDotKeys(await request.json());
      return HttpResponse.json(buildOnboardingCustomer({ country: 'GB', values }));
    },
  ),
  http.post<never, UpdateMobileNumberRequest, Customer | ValidationErrorBody>(
    onboardingEndpoints.updateMobileNumber.path,
    async ({ request }) => {
      logRequest(request);
      const body = await request.json();
      const code = codeOf(body.mobile_number_country_id) ?? 'GB';
      return HttpResponse.json(
        buildOnboardingCustomer({ country: 'GB', mobile: { country: code, number: body.mobile_number } }),
      );
    },
  ),
  http.get<never, never, TasksResponse | MessageBody>(onboardingEndpoints.listTasks.path, ({ request }) => {
    logRequest(request);
    return HttpResponse.json({ tasks: tasksFor(buildOnboardingCustomer({ emailVerified: false })) });
  }),
];
