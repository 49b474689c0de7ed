import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodResolver } from './zod-resolver';

const schema = z
  .object({
    password: z.string().min(1, 'Required'),
    confirm: z.string().min(1, 'Confirm it').max(3, 'Too long'),
    address: z.object({ city: z.string().min(1, 'City') }),
    contact: z.union([z.email('Email?'), z.string().regex(/^\d+$/, 'Digits?')]),
  })
  .refine((v) => v.password === v.confirm, { message: 'Differ', path: ['confirm'] });

const ref = { name: 'password', focus: () => undefined };
const options = {
  fields: { password: { ref, name: 'password' } },
  shouldUseNativeValidation: false,
} as unknown as ResolverOptions<z.input<typeof schema>>;

describe('zodResolver', () => {
  it('answers the parsed values and no errors when the schema accepts them', async () => {
    const values = { password: 'a', confirm: 'a', address: { city: 'Lyon' }, contact: '123' };
    expect(await zodResolver(schema)(values, undefined, options)).toEqual({ values, errors: {} });
  });

  it('answers the first issue of each field, nested by path, with the field’s ref; a union by its first issue', async () => {
    const values = { password: '', confirm: 'abcd', address: { city: '' }, contact: 'x' };
    expect(await zodResolver(schema)(values, undefined, options)).toEqual({
      values: {},
      errors: {
        password: { type: 'too_small', message: 'Required', ref },
        confirm: { type: 'too_big', message: 'Too long', ref: undefined },
        address: { city: { type: 'too_small', message: 'City', ref: undefined } },
        contact: { type: 'invalid_format', message: 'Email?', ref: undefined },
      },
    });
  });

  it('reports a refinement once the fields pass', async () => {
    const values = { password: 'a', confirm: 'b', address: { city: 'Lyon' }, contact: '1' };
    expect((await zodResolver(schema)(values, undefined, options)).errors).toEqual({
      confirm: { type: 'custom', message: 'Differ', ref: undefined },
    });
  });
});
