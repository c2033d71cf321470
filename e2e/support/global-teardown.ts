// After the whole run, while the server still runs: no secret the run issued may be in the server's log. The
// emailed links' tokens are read from the outbox; tokens, states and codes of which only a hash is stored are found
// by hashing every token-like word of the log; and no code, state, token or ticket may appear unblanked in a URL.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { SERVER_INFO, SERVER_LOG } from './server-files';

const EMAILED_LINK_TOKEN = /\/(?:reset-password|partner-signup|partner-invite)\/[^/\s]+\/([A-Za-z0-9_-]+)/g;
const TOKEN_LIKE_WORD = /[A-Za-z0-9_-]{20,}/g;
const UNBLANKED_URL_SECRET =
  /[?&](?:code|state|token|ticket|access|refresh)=(?!\[redacted\])[^&"\s]|\/freshbooks\/auth\/(?!\[redacted\])[^/?"\s]|\/(?:reset-password|password-reset|partner-signup|partner-invite)\/[^/?"\s]+\/(?!\[redacted\])[^/?"\s]/g;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function readIssuedSecrets(): Promise<{ emailed: Set<string>; hashes: Set<string> }> {
  const { dataDir } = JSON.parse(readFileSync(SERVER_INFO, 'utf8')) as { dataDir: string };
  // The embedded server listens on a Unix socket in its cluster folder (apps/api/src/db/embedded-postgres.ts).
  const socketDir = join(dataDir, 'postgres');
  const client = new pg.Client({ connectionString: `postgres://postgres@localhost/postgres?host=${socketDir}` });
  await client.connect();
  try {
    const outbox = await client.query<{ body: string }>('select body from outbox_messages');
    const emailed = new Set(
      outbox.rows.flatMap(({ body }) => [...body.matchAll(EMAILED_LINK_TOKEN)].map(([, t]) => t!)),
    );
    const hashed = await client.query<{ hash: string }>(
      `select token_hash as hash from one_time_tokens
       union all select token_hash from oauth_states
       union all select code_hash from freshbooks_sandbox_codes`,
    );
    return { emailed, hashes: new Set(hashed.rows.map(({ hash }) => hash)) };
  } finally {
    await client.end();
  }
}

export default async function globalTeardown() {
  const log = readFileSync(SERVER_LOG, 'utf8');
  // A log without request lines would prove nothing.
  if (!log.includes('"request completed"')) throw new Error(`${SERVER_LOG} has no request lines`);
  const { emailed, hashes } = await readIssuedSecrets();
  const leaks = [
    ...[...emailed].filter((token) => log.includes(token)).map((token) => `emailed token ${token.slice(0, 6)}…`),
    ...[...new Set(log.match(TOKEN_LIKE_WORD) ?? [])]
      .filter((word) => hashes.has(sha256(word)))
      .map((word) => `issued secret ${word.slice(0, 6)}…`),
    ...[...new Set(log.match(UNBLANKED_URL_SECRET) ?? [])].map((text) => `unblanked ${text}`),
  ];
  if (leaks.length > 0)
    throw new Error(`The server log (${SERVER_LOG}) holds secrets the run issued:\n${leaks.join('\n')}`);
  console.log(`Server log checked: ${emailed.size} emailed tokens and ${hashes.size} stored hashes, none in the log.`);
}
