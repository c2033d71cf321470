// Samples active statements of paydesk_bench_tx every 10 ms; prints the most frequent on SIGTERM/after N s.
import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await c.connect();
const counts = new Map(); const waits = new Map(); let n = 0;
const end = Date.now() + Number(process.argv[2] ?? 60) * 1000;
while (Date.now() < end) {
  const { rows } = await c.query(`select left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as q, wait_event_type, wait_event from pg_stat_activity where datname = 'paydesk_bench_tx' and state = 'active' and pid <> pg_backend_pid()`);
  n++;
  for (const r of rows) { counts.set(r.q, (counts.get(r.q) ?? 0) + 1); const w = `${r.wait_event_type}:${r.wait_event}`; waits.set(w, (waits.get(w) ?? 0) + 1); }
  await new Promise((r) => setTimeout(r, 10));
}
console.log('samples', n);
console.log([...waits].sort((a, b) => b[1] - a[1]).slice(0, 10));
for (const [q, k] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(k, q);
await c.end();
