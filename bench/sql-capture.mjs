// Preloaded into the api by bench/explain.mjs (`node --import ./bench/sql-capture.mjs`): every
// statement node-postgres sends, with its parameters, appended as one JSON line to SQL_CAPTURE_FILE.
// A bench tool only: nothing in the product loads it.
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.SQL_CAPTURE_FILE;
const query = pg.Client.prototype.query;

/** Parameters as JSON: bigints as strings, buffers as base64 (bench/explain.mjs turns them back). */
const replacer = (_key, value) =>
  typeof value === 'bigint'
    ? value.toString()
    : value && value.type === 'Buffer' && Array.isArray(value.data)
      ? { $buffer: Buffer.from(value.data).toString('base64') }
      : value;

pg.Client.prototype.query = function captured(config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  const params = Array.isArray(values) ? values : config?.values;
  if (file && text) appendFileSync(file, `${JSON.stringify({ text, values: params ?? [] }, replacer)}\n`);
  return query.call(this, config, values, callback);
};
