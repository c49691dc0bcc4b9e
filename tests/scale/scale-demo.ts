/**
 * `npm run build && npm run scale:demo`: two built servers on one PostgreSQL behind HAProxy with TLS
 * (Debian's package, installed when missing; the repository's deploy/haproxy.cfg with the demo's ports
 * and a self-signed certificate), uploads in one S3-compatible bucket (s3rver), and the checks of
 * issue 14, item 1. PostgreSQL: SCALE_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test (a scratch database is created and dropped). `-- --quick`
 * (CI) loads for 3 s instead of 6. Exits 1 when a check fails. Traffic goes to 127.0.0.1 only.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import S3rver from 's3rver';
import { createDatabase, migrateToLatest, type DB } from '../../src/server/platform/db';
import { createChapter, createMember, createUser, FIXTURE_PASSWORD } from '../support/fixtures';
import { applicationBody, createProposer, seedFees } from '../api/joining-support';
import { financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { reminderWindow } from '../../src/server/domains/members/renewals/reminders';
import { freePort, scratchPostgres } from '../support/server-process';
import { runLoad, type LoadResult } from './load';

const SECRET = 'test-secret-for-api-tokens-0123456789abcdef';
const LOAD_MS = process.argv.includes('--quick') ? 3000 : 6000;
const REMINDED_MEMBERS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// The proxy presents the demo's own self-signed certificate, on the loopback address only: fetch
// (Node's bundled undici; the npm undici needs Node 22) takes it only with this switch.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const STARTED = Date.now();
const results: { check: string; ok: boolean; detail: string }[] = [];

function record(check: string, ok: boolean, detail: string) {
  results.push({ check, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  [${((Date.now() - STARTED) / 1000).toFixed(1)} s] ${check}: ${detail}`);
}

function ensureHaproxy() {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
  } catch {
    console.log("Installing Debian's haproxy…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
}

/** deploy/haproxy.cfg with the demo's addresses, ports and certificate. */
function demoConfig(dir: string, ports: { http: number; https: number; a: number; b: number }): string {
  const pem = path.join(dir, 'nipm.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  writeFileSync(
    pem,
    readFileSync(path.join(dir, 'cert.pem'), 'utf8') + readFileSync(path.join(dir, 'key.pem'), 'utf8'),
  );
  const config = readFileSync('deploy/haproxy.cfg', 'utf8')
    .replace(/^(\s*)bind :80$/m, `$1bind 127.0.0.1:${ports.http}`)
    .replace(/^(\s*)bind :443 ssl crt \S+/m, `$1bind 127.0.0.1:${ports.https} ssl crt ${pem}`)
    .replace(/^(\s*)log stdout.*$/m, '$1log stdout format raw local0 warning')
    .replace(/server app1 \S+/, `server app1 127.0.0.1:${ports.a}`)
    .replace(/server app2 \S+/, `server app2 127.0.0.1:${ports.b}`);
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  return file;
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      const answer = await fetch(url);
      if (answer.ok) return;
    } catch {
      // Not there yet.
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer.`);
}

/** A built server; the daily jobs' log lines it writes are kept in `jobLines` (the rest is dropped). */
function startServer(port: number, env: Record<string, string>, jobLines: string[]): ChildProcess {
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOCAL_RUN: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    jobLines.push(...lines.filter((line) => line.includes('"job":"reminders"')));
  });
  return child;
}

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function sharedState(a: string, b: string, db: DB) {
  const chapter = await createChapter(db);
  const admin = await createUser(db, { roleId: '2', secret: SECRET });
  const member = await createMember(db, chapter.id);
  const memberUser = await createUser(db, { roleId: '1', memberId: member.id, secret: SECRET });

  const signedIn = await post(`${a}/api/sessions`, { email: memberUser.email, password: FIXTURE_PASSWORD });
  const { data } = (await signedIn.json()) as { data: { token: string } };
  const me = await fetch(`${b}/api/me`, { headers: { authorization: `Bearer ${data.token}` } });
  record('a session signed in on A works on B (API token)', me.status === 200, `B answered ${me.status}`);

  const csrf = await fetch(`${a}/api/auth/csrf`);
  const csrfCookie = (csrf.headers.getSetCookie()[0] ?? '').split(';')[0];
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await fetch(`${a}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: a,
      cookie: csrfCookie,
      'x-auth-return-redirect': '1',
    },
    body: new URLSearchParams({ csrfToken, email: memberUser.email, password: FIXTURE_PASSWORD, portal: 'member' }),
  });
  const sessionCookie = callback.headers.getSetCookie().find((c) => c.includes('session-token=')) ?? '';
  const session = await fetch(`${b}/api/auth/session`, { headers: { cookie: sessionCookie.split(';')[0] } });
  const sessionUser = ((await session.json()) as { user?: { email?: string } } | null)?.user?.email;
  record(
    'a browser session signed in on A is signed in on B (Auth.js)',
    sessionUser === memberUser.email,
    `B's session: ${sessionUser ?? 'none'}`,
  );

  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    const answer = await post(`${i % 2 ? b : a}/api/sessions`, { email: admin.email, password: 'Wrong-Password-1' });
    statuses.push(answer.status);
  }
  const checked = statuses.filter((s) => s === 401).length;
  record(
    'the sign-in throttle counts across both servers',
    checked === 5,
    `10 wrong passwords alternating A/B: ${checked} checked (401), ${statuses.filter((s) => s === 429).length} refused (429)`,
  );

  const before = await fetch(`${b}/api/notifications/unread-count`, {
    headers: { authorization: `Bearer ${memberUser.token}` },
  });
  const start = ((await before.json()) as { data: { count: number } }).data.count;
  await post(
    `${a}/api/admin/notifications`,
    { title: 'From A', message: 'Sent on A.', audience: { type: 'all' } },
    admin.token,
  );
  const after = await fetch(`${b}/api/notifications/unread-count`, {
    headers: { authorization: `Bearer ${memberUser.token}` },
  });
  const count = ((await after.json()) as { data: { count: number } }).data.count;
  record('a notice sent on A reaches the bell served by B', count === start + 1, `unread on B: ${start} → ${count}`);
  return { admin, memberUser };
}

/** Members whose reminder falls due today (Kolkata): each must get one e-mail, whichever server sends it. */
async function remindedMembers(db: DB): Promise<string[]> {
  const { financialYear } = reminderWindow(kolkataDate(new Date()));
  const chapter = await createChapter(db);
  const emails: string[] = [];
  for (let i = 0; i < REMINDED_MEMBERS; i++) {
    const member = await createMember(db, chapter.id, { email: `reminded-${i}@example.test` });
    await db
      .updateTable('members')
      .set({ paid_through_year: financialYear - 1 })
      .where('id', '=', member.id)
      .execute();
    emails.push(member.email);
  }
  return emails;
}

/** The recipients of the reminder e-mails in the servers' outboxes. */
function remindersSent(outboxes: string[]): string[] {
  return outboxes.flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .map((file) => readFileSync(path.join(dir, file), 'utf8'))
          .filter((mail) => /^Subject: NIPM: /m.test(mail) && mail.includes('reminded-'))
          .map((mail) => /^To: (.+)$/m.exec(mail)?.[1] ?? '')
      : [],
  );
}

async function dailyJobOnBoth(db: DB, expected: string[], outboxes: string[], lines: { a: string[]; b: string[] }) {
  // Both servers run the day's job as they start (DAILY_JOBS_AT is already past): wait for both runs.
  for (let attempt = 0; attempt < 300 && (lines.a.length === 0 || lines.b.length === 0); attempt++) await sleep(100);
  const sentBy = (list: string[]) => list.map((line) => Number((JSON.parse(line) as { sent?: number }).sent ?? 0));
  const [byA, byB] = [sentBy(lines.a), sentBy(lines.b)];
  const to = remindersSent(outboxes);
  const claims = await db
    .selectFrom('reminder_sends')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const once = new Set(to).size === to.length && to.length === expected.length && Number(claims.n) === expected.length;
  record(
    'the daily reminder job started on both servers sends each reminder once',
    byA.length === 1 && byB.length === 1 && once && expected.every((email) => to.includes(email)),
    `runs: A ${byA.length} (sent ${byA.join(', ')}), B ${byB.length} (sent ${byB.join(', ')}); ` +
      `${to.length} e-mails in the two outboxes for ${expected.length} members due, ${new Set(to).size} distinct; ${claims.n} claims`,
  );
}

/** An applicant's document uploaded through A (into the shared bucket) and downloaded through B. */
async function uploadOnADownloadOnB(a: string, b: string, db: DB) {
  const financialYear = financialYearStart(kolkataDate(new Date()));
  await seedFees(db, financialYear);
  const chapter = await createChapter(db);
  await createProposer(db, chapter.id, { memberNumber: 'P-0001', paidThrough: financialYear });
  await createProposer(db, chapter.id, { memberNumber: 'P-0002', membershipClass: 'life', paidThrough: null });
  const submitted = await fetch(`${a}/api/membership/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.7' },
    body: JSON.stringify(applicationBody(chapter.id, ['P-0001', 'P-0002'])),
  });
  const { data: created } = (await submitted.json()) as { data: { reference: string; statusToken: string } };
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText(`Certificate of ${created.reference}`);
  const bytes = await pdf.save();
  const form = new FormData();
  form.set('kind', 'certificate');
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], 'certificate.pdf', { type: 'application/pdf' }));
  const documentUrl = (server: string) => `${server}/api/membership/applications/${created.reference}/documents`;
  const token = `?token=${encodeURIComponent(created.statusToken)}`;
  const uploaded = await fetch(documentUrl(a) + token, { method: 'POST', body: form });
  const downloaded = await fetch(`${documentUrl(b)}/certificate${token}`);
  const same = Buffer.from(await downloaded.arrayBuffer()).equals(Buffer.from(bytes));
  record(
    'an upload through A downloads through B (the bucket is shared)',
    submitted.status === 201 && uploaded.status === 201 && downloaded.status === 200 && same,
    `application ${submitted.status}, upload on A ${uploaded.status}, download on B ${downloaded.status}, ` +
      `${bytes.byteLength} bytes ${same ? 'identical' : 'DIFFERENT'}`,
  );
}

function report(name: string, load: LoadResult, expectNoLoss: boolean) {
  const lost = load.errors + load.serverErrors;
  record(
    name,
    !expectNoLoss || lost === 0,
    `${load.requests} requests (${load.writes} writes) in ${load.seconds.toFixed(1)} s, ${load.errors} connection errors, ${load.serverErrors} 5xx`,
  );
}

async function main() {
  if (!existsSync('dist/server/main.mjs')) throw new Error('The site is not built: run `npm run build` first.');
  ensureHaproxy();
  const base =
    process.env.SCALE_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dir = mkdtempSync(path.join(tmpdir(), 'nipm-scale-'));
  const database = await scratchPostgres(base, 'scale');
  const children: ChildProcess[] = [];
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'nipm', configs: [] }],
  });
  try {
    const { port: s3Port } = (await s3.run()) as { port: number };
    const ports = { http: await freePort(), https: await freePort(), a: await freePort(), b: await freePort() };
    const site = `https://127.0.0.1:${ports.https}`;
    const db = createDatabase({ url: database.url });
    await migrateToLatest(db as Kysely<unknown>);
    const reminded = await remindedMembers(db);
    const env = {
      DATABASE_URL: database.url,
      AUTH_SECRET: SECRET,
      SITE_URL: site,
      TRUST_PROXY: '1',
      S3_BUCKET: 'nipm',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      // Already past today: each server runs the day's jobs as it starts, both at the same moment.
      DAILY_JOBS_AT: '00:00',
    };
    const jobLines = { a: [] as string[], b: [] as string[] };
    const a = `http://127.0.0.1:${ports.a}`;
    const b = `http://127.0.0.1:${ports.b}`;
    let serverA = startServer(ports.a, { ...env, DATA_DIR: path.join(dir, 'a') }, jobLines.a);
    const serverB = startServer(ports.b, { ...env, DATA_DIR: path.join(dir, 'b') }, jobLines.b);
    children.push(serverA, serverB);
    await Promise.all([waitFor(`${a}/api/ready`), waitFor(`${b}/api/ready`)]);
    const proxy = spawn('haproxy', ['-db', '-f', demoConfig(dir, ports)], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(proxy);
    await waitFor(`${site}/api/ready`);
    await sleep(2500); // both servers pass the proxy's health check (rise 2, every second)

    await dailyJobOnBoth(db, reminded, [path.join(dir, 'a', 'outbox'), path.join(dir, 'b', 'outbox')], jobLines);
    const { admin, memberUser } = await sharedState(a, b, db);
    await uploadOnADownloadOnB(a, b, db);
    const hsts = (await fetch(`${site}/`)).headers.get('strict-transport-security');
    record('through the proxy over TLS the site sends HSTS', Boolean(hsts), hsts ?? 'none');

    const load = (ms: number, during: () => Promise<void>) =>
      runLoad({ site, member: memberUser.token, admin: admin.token, connections: 16, ms, during });
    report(
      'killing server A (SIGKILL) mid-load loses no request',
      await load(LOAD_MS, async () => {
        await sleep(LOAD_MS / 3);
        serverA.kill('SIGKILL');
      }),
      true,
    );
    serverA = startServer(ports.a, { ...env, DATA_DIR: path.join(dir, 'a') }, jobLines.a);
    children.push(serverA);
    await waitFor(`${a}/api/ready`);
    await sleep(2500);
    report(
      'stopping server B (SIGTERM) mid-load loses no request',
      await load(LOAD_MS, async () => {
        await sleep(LOAD_MS / 3);
        serverB.kill('SIGTERM');
      }),
      true,
    );

    const half = await db
      .selectFrom('notifications as n')
      .leftJoin('notification_recipients as r', 'r.notification_id', 'n.id')
      .select((eb) => ['n.id', 'n.recipient_count', eb.fn.count<number>('r.user_id').as('copies')])
      .groupBy(['n.id', 'n.recipient_count'])
      .execute();
    const broken = half.filter((n) => Number(n.copies) !== n.recipient_count).length;
    record(
      'no notice half-written after the kill',
      broken === 0,
      `${half.length} notices, ${broken} with missing copies`,
    );
    await db.destroy();
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await sleep(500);
    await s3.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\nScale demo: ${results.length - failed} of ${results.length} checks held.`);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
