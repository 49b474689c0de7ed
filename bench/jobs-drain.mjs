#!/usr/bin/env node
// The durable job queue at volume (issue #23 item 3): JOBS jobs queued at once on PostgreSQL, drained
// by INSTANCES runners as the api runs them (`Jobs.start()`, polling every second), each job one small
// statement, as most of the api's jobs are. Reports jobs per second, the time to drain, the age of the
// oldest waiting job (every second and at worst) and the claim statement's plan with the queue full.
// Prints Markdown for docs/benchmarks.md.
//
//   node --import tsx bench/jobs-drain.mjs            (JOBS=10000 INSTANCES="1 3")
//
// The database remit_jobs_drain (dropped first and after).
import { sql } from 'kysely';
import { createDatabase } from '../apps/api/src/db/connection.ts';
import { migrateToLatest } from '../apps/api/src/db/migrator.ts';
import { Jobs } from '../apps/api/src/modules/jobs/jobs.ts';
import { dropDatabase, withDatabase } from '../scripts/cluster-kit.mjs';

const JOBS = Number(process.env.JOBS ?? 10_000);
const INSTANCES = (process.env.INSTANCES ?? '1 3').split(/\s+/).map(Number);
const settings = {
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/remit_jobs_drain',
  ownDatabase: !process.env.BENCH_DATABASE_URL,
};
const quiet = { warn() {}, error: (obj, msg) => console.error(msg, obj) };

await dropDatabase(settings);
const adminUrl = new URL(settings.databaseUrl);
const database = adminUrl.pathname.slice(1);
adminUrl.pathname = '/postgres';
if (settings.ownDatabase) await withDatabase(adminUrl.toString(), (c) => c.query(`create database "${database}"`));
const { db } = createDatabase({ databaseUrl: settings.databaseUrl, poolMax: 10 });
await migrateToLatest(db);

/** JOBS due jobs in one statement (as a burst of transfers would queue them). */
async function fill() {
  await sql`
    insert into jobs (id, name, payload, status, run_at, max_attempts, attempts, created_at, updated_at)
    select gen_random_uuid(), 'bench.noop', to_jsonb(g), 'queued', now(), 8, 0, now(), now()
    from generate_series(1, ${JOBS}) as g`.execute(db);
  await sql`analyze jobs`.execute(db);
}

const waiting = async () => {
  const { rows } = await sql`
    select count(*)::int as n, coalesce(extract(epoch from now() - min(run_at)), 0)::float as age
    from jobs where status in ('queued', 'running')`.execute(db);
  return rows[0];
};

const rows = [];
let plan = '';
for (const instances of INSTANCES) {
  await sql`delete from jobs`.execute(db);
  await fill();
  if (!plan) {
    const { rows: out } = await sql
      .raw(
        `explain (analyze, costs off)
      select id from jobs
      where (status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now())
      order by run_at limit 20 for update skip locked`,
      )
      .execute(db);
    plan = out.map((r) => r['QUERY PLAN']).join('\n');
  }
  let ran = 0;
  const runners = Array.from({ length: instances }, (_, i) => {
    const jobs = new Jobs({ db, now: () => new Date(), instanceId: `bench-${i}`, log: quiet });
    jobs.register('bench.noop', async () => {
      await sql`select 1`.execute(db);
      ran++;
    });
    return jobs;
  });
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (const r of runners) r.start();
  let worstAge = 0;
  const ages = [];
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const { n, age } = await waiting();
    worstAge = Math.max(worstAge, age);
    ages.push(age);
    if (n === 0) break;
    if (performance.now() - started > 900_000) throw new Error(`not drained after 15 minutes: ${n} waiting`);
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  for (const r of runners) await r.stop();
  rows.push({
    instances,
    ran,
    seconds,
    rate: ran / seconds,
    worstAge,
    ages,
    cpu: (used.user + used.system) / 1000 / (seconds * 1000),
  });
}
await db.destroy();
if (settings.ownDatabase) await dropDatabase(settings);

console.log(`\n| instances | jobs | drained in | jobs/s | oldest waiting job, worst | bench process CPU |`);
console.log(`|--:|--:|--:|--:|--:|--:|`);
for (const r of rows) {
  console.log(
    `| ${r.instances} | ${r.ran} | ${r.seconds.toFixed(1)} s | ${r.rate.toFixed(0)} | ${r.worstAge.toFixed(1)} s | ${(r.cpu * 100).toFixed(0)}% |`,
  );
}
console.log(`\nThe claim with ${JOBS} jobs queued (EXPLAIN ANALYZE):\n\n\`\`\`\n${plan}\n\`\`\``);
