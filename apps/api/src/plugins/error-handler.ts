import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, emptyFieldErrors, validationMessage, type FieldErrors } from '../lib/app-error.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnreachable, RETRY_AFTER_SECONDS } from '../lib/dependency-errors.ts';

function label(field: string): string {
  return field.replace(/_/g, ' ');
}

/** Turn zod request-validation issues into Laravel-style field messages. */
function zodIssuesToFieldErrors(
  issues: { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }[],
): FieldErrors {
  const errors = emptyFieldErrors(); // field names come from the request (docs/product/system.md#odd-input)
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
    const field = path.join('.') || 'body';
    const name = label(path[path.length - 1] ?? 'body');
    let message: string;
    if (issue.keyword === 'invalid_type' && issue.params.input === undefined)
      message = `The ${name} field is required.`;
    else if (issue.keyword === 'invalid_type' && typeof issue.params.expected === 'string')
      message = `The ${name} field must be ${issue.params.expected === 'array' || issue.params.expected === 'object' ? 'an' : 'a'} ${issue.params.expected === 'boolean' ? 'true or false value' : issue.params.expected}.`;
    else message = `The ${name} field is invalid.`;
    (errors[field] ??= []).push(message);
  }
  return errors;
}

export default fp(
  async function errorHandlerPlugin(app: FastifyInstance) {
    app.setErrorHandler((thrown: FastifyError | AppError | Error, request, reply) => {
      let err = thrown;
      if (isDatabaseUnreachable(err)) {
        // docs/product/system.md#faults: fail fast in words; the pool reconnects by itself
        request.log.warn({ err: { code: (err as FastifyError).code, message: err.message } }, 'database unreachable');
        err = AppError.unavailable(DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS);
      }
      if (err instanceof AppError) {
        if (err.headers) reply.headers(err.headers);
        if (err.code === 'validation') {
          return reply.code(422).send({ message: err.message, errors: err.fieldErrors ?? {} });
        }
        return reply
          .code(err.status)
          .send(err.reason ? { message: err.message, code: err.reason, ...err.extra } : { message: err.message });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const errors = zodIssuesToFieldErrors(err.validation as never);
        return reply.code(422).send({ message: validationMessage(errors), errors });
      }
      const fe = err as FastifyError;
      if (fe.validation) {
        const errors: FieldErrors = { body: [fe.message] };
        return reply.code(422).send({ message: fe.message, errors });
      }
      const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: { code: fe.code, message: fe.message } }, 'client error');
        return reply.code(status).send({ message: fe.message });
      }
      request.log.error({ err, reqId: request.id }, 'unhandled error');
      return reply.code(500).send({ message: 'Server Error' });
    });
  },
  { name: 'error-handler' },
);
