import { z } from 'zod';
import { NullableTimestamp, Timestamp } from '../common/primitives.ts';
import { Country } from './country.ts';

export const Account = z.object({
  email: z.email(),
  is_email_verified: z.boolean(),
  password_changed_at: NullableTimestamp,
  mobile_number: z.string().nullable(),
  mobile_number_country: Country.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Account = z.infer<typeof Account>;
