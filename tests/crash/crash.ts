/**
 * Crash test (issue 14, item 4): writes under load while the built server is killed with SIGKILL at
 * random moments, then the database's own integrity check and the site's invariants.
 *
 *   npm run build && npm run crash                 # SQLite (WAL) in a fresh data folder
 *   CRASH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run crash   # PostgreSQL too
 *   npm run crash -- --quick                       # CI: 3 kills, 1-2 s bursts
 *
 * CRASH_KILLS (default 8; 3 with --quick) kills, each 1-4 s (1-2 s with --quick) into a burst of
 * CRASH_WORKERS (default 12) writers. Writes, through the public API as their users send them:
 * membership applications (the application, its quote, first history entry and the chapter admins'
 * notice in one transaction), their payments reported by the applicant, NATCON registrations (order,
 * number, seats, delegates), their payments reported, staff verifying reported payments (receipt
 * number from the year's sequence, stored receipt, the application or order moved on, audit entry),
 * notices to everyone, mark-all-read, profile changes and failed sign-ins. Afterwards: SQLite
 * `integrity_check` and `foreign_key_check`, PostgreSQL amcheck over every B-tree index, and the
 * invariants in `invariants` below. Exits 1 on any failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase, isPostgresUrl, migrateToLatest, type DB } from '../../src/server/platform/db';
import { financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { createChapter, createMember, createUser } from '../support/fixtures';
import { createEdition, delegate, registration } from '../support/natcon';
import { freePort, scratchPostgres } from '../support/server-process';
import { applicationBody, createProposer, seedFees } from '../api/joining-support';
import { integrity, invariants, type Acknowledged } from './invariants';

const QUICK = process.argv.includes('--quick');
const KILLS = Number(process.env.CRASH_KILLS ?? (QUICK ? 3 : 8));
const WORKERS = Number(process.env.CRASH_WORKERS ?? 12);
// Each member user's password is hashed at set-up (argon2: slow on purpose): fewer in the quick run.
const MEMBER_USERS = QUICK ? 12 : 40;
const BURST_MS: [number, number] = QUICK ? [1000, 1000] : [1000, 3000];
const SECRET = 'test-secret-for-api-tokens-0123456789abcdef';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tally {
  sent: number;
  answered: number;
  failed: number;
  byKind: Record<string, number>;
  acknowledged: Acknowledged;
}

/** Applications and orders waiting for their payment report (each is paid at most once). */
interface Pending {
  applications: { reference: string; token: string; amount: number }[];
  orders: { orderNumber: string; token: string; amount: number }[];
}

interface Setup {
  admin: string;
  members: string[];
  chapterId: number;
  categoryId: number;
}

async function startServer(entry: string, env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [entry], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOCAL_RUN: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // Each application comes from its own address (X-Forwarded-For): submissions are throttled per address.
      TRUST_PROXY: '1',
      ...env,
    },
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('The server did not become ready.');
}

let utr = 500_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
const nextUtr = () => String(++utr);
const randomAddress = () => `10.${(utr >> 16) & 255}.${(utr >> 8) & 255}.${utr & 255}`;

type Request = {
  kind: string;
  method: string;
  url: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Called with the answer when the server answered (a 2xx or not). */
  done?: (status: number, data: Record<string, unknown> | undefined) => void;
};

/** The next request of writer `id`: a fixed mix, payments taken from what earlier writes left waiting. */
function nextRequest(id: number, n: number, setup: Setup, pending: Pending, ack: Acknowledged): Request {
  const slot = (id + n) % 12;
  const member = setup.members[(id * 7 + n) % setup.members.length] as string;
  const today = kolkataDate(new Date());
  if (slot === 2 || slot === 8) {
    const application = pending.applications.shift();
    if (application) {
      return {
        kind: 'application payment',
        method: 'POST',
        url: `/api/membership/applications/${application.reference}/payments?token=${encodeURIComponent(application.token)}`,
        body: { mode: 'upi', reference: nextUtr(), amount: application.amount, paidOn: today },
        done: (status) => {
          if (status === 201) ack.applicationPayments.add(application.reference);
        },
      };
    }
  }
  if (slot === 4 || slot === 10) {
    const order = pending.orders.shift();
    if (order) {
      return {
        kind: 'order payment',
        method: 'POST',
        url: `/api/natcon/registrations/${order.orderNumber}/payments?token=${encodeURIComponent(order.token)}`,
        body: { mode: 'upi', reference: nextUtr(), amount: order.amount, paidOn: today },
        done: (status) => {
          if (status === 201) ack.orderPayments.add(order.orderNumber);
        },
      };
    }
  }
  switch (slot) {
    case 1:
    case 2:
    case 7: {
      const body = applicationBody(setup.chapterId, ['P-0001', 'P-0002']);
      return {
        kind: 'application',
        method: 'POST',
        url: '/api/membership/applications',
        body,
        headers: { 'x-forwarded-for': randomAddress() },
        done: (status, data) => {
          if (status !== 201 || !data) return;
          const reference = data.reference as string;
          ack.applications.add(reference);
          pending.applications.push({
            reference,
            token: data.statusToken as string,
            amount: data.amountDue as number,
          });
        },
      };
    }
    case 3:
    case 4:
    case 9:
      return {
        kind: 'registration',
        method: 'POST',
        url: '/api/natcon/registrations',
        body: registration(setup.categoryId, [delegate(), delegate()]),
        done: (status, data) => {
          if (status !== 201 || !data) return;
          const orderNumber = data.orderNumber as string;
          ack.orders.add(orderNumber);
          if (data.state === 'confirmed' && (data.amountDue as number) > 0) {
            pending.orders.push({ orderNumber, token: data.statusToken as string, amount: data.amountDue as number });
          }
        },
      };
    case 5:
    case 11:
      return {
        kind: 'verification',
        method: 'GET',
        url: '/api/admin/payments?state=reported&pageSize=5&sort=reportedAt',
        token: setup.admin,
      };
    case 0: {
      const title = `crash ${id}-${n}-${Date.now()}`;
      return {
        kind: 'notice',
        method: 'POST',
        url: '/api/admin/notifications',
        token: setup.admin,
        body: { title, message: 'Written under SIGKILL.', audience: { type: 'all' } },
        done: (status, data) => {
          if (status === 201 && typeof data?.id === 'number') ack.notices.set(data.id, title);
        },
      };
    }
    case 6:
      return n % 2
        ? { kind: 'mark-all-read', method: 'POST', url: '/api/notifications/mark-all-read', token: member }
        : { kind: 'profile', method: 'PATCH', url: '/api/me', token: member, body: { name: `Crash Name ${n}` } };
    default:
      // Sign-ins hash a password (argon2: slow on purpose): one write in twelve.
      return {
        kind: 'failed sign-in',
        method: 'POST',
        url: '/api/sessions',
        body: { email: `nobody-${n % 50}@example.test`, password: 'Wrong-Pass-1' },
      };
  }
}

async function send(base: string, request: Request, tally: Tally) {
  tally.sent++;
  tally.byKind[request.kind] = (tally.byKind[request.kind] ?? 0) + 1;
  const response = await fetch(base + request.url, {
    method: request.method,
    headers: {
      'content-type': 'application/json',
      ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
      ...request.headers,
    },
    body: request.body ? JSON.stringify(request.body) : undefined,
  });
  const answer = (await response.json()) as { data?: Record<string, unknown> };
  tally.answered++;
  request.done?.(response.status, answer.data);
  return answer.data;
}

async function writer(base: string, setup: Setup, pending: Pending, tally: Tally, until: () => boolean, id: number) {
  let n = 0;
  while (!until()) {
    n++;
    const request = nextRequest(id, n, setup, pending, tally.acknowledged);
    try {
      const data = await send(base, request, tally);
      if (request.kind === 'verification') {
        // Staff pick one of the oldest reported payments; two may pick the same one (the second gets 409).
        const items = (data?.items ?? []) as { id: number }[];
        const payment = items[(id + n) % Math.max(items.length, 1)];
        if (payment && !until()) {
          await send(
            base,
            {
              kind: 'verify',
              method: 'POST',
              url: `/api/admin/payments/${payment.id}/verify`,
              token: setup.admin,
              body: { note: 'Seen in the bank statement.' },
              done: (status, verified) => {
                if (status === 200) tally.acknowledged.receipts.set(payment.id, String(verified?.receiptNumber));
              },
            },
            tally,
          );
        }
      }
    } catch {
      tally.failed++;
      await sleep(20);
    }
  }
}

async function prepare(db: DB): Promise<Setup> {
  const financialYear = financialYearStart(kolkataDate(new Date()));
  await seedFees(db, financialYear);
  const chapter = await createChapter(db);
  await createProposer(db, chapter.id, { memberNumber: 'P-0001', paidThrough: financialYear });
  await createProposer(db, chapter.id, { memberNumber: 'P-0002', membershipClass: 'life', paidThrough: null });
  await createUser(db, { roleId: '4', chapterId: chapter.id, secret: SECRET });
  const { categories } = await createEdition(db, {
    year: financialYear + 1,
    categories: [{ name: 'Delegate', fee: 1_200_000, seats: 1_000_000 }],
  });
  const admin = await createUser(db, { roleId: '2', secret: SECRET });
  const members = await Promise.all(
    Array.from({ length: MEMBER_USERS }, async () => {
      const member = await createMember(db, chapter.id);
      return (await createUser(db, { roleId: '1', memberId: member.id, secret: SECRET })).token;
    }),
  );
  return { admin: admin.token, members, chapterId: chapter.id, categoryId: (categories[0] as { id: number }).id };
}

async function crashRun(entry: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nipm-crash-'));
  const postgres = databaseUrl ? await scratchPostgres(databaseUrl, 'crash') : null;
  const url = postgres?.url ?? `sqlite:${path.join(dataDir, 'nipm.sqlite')}`;
  const db = createDatabase({ url });
  await migrateToLatest(db as Kysely<unknown>);
  const setup = await prepare(db);
  await db.destroy();
  const env = { DATA_DIR: dataDir, AUTH_SECRET: SECRET, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const tally: Tally = {
    sent: 0,
    answered: 0,
    failed: 0,
    byKind: {},
    acknowledged: {
      notices: new Map(),
      applications: new Set(),
      applicationPayments: new Set(),
      orders: new Set(),
      orderPayments: new Set(),
      receipts: new Map(),
    },
  };
  const pending: Pending = { applications: [], orders: [] };
  const started = Date.now();
  for (let kill = 0; kill < KILLS; kill++) {
    const server = await startServer(entry, env, port);
    let stop = false;
    const writers = Array.from({ length: WORKERS }, (_, id) => writer(base, setup, pending, tally, () => stop, id));
    await sleep(BURST_MS[0] + Math.random() * BURST_MS[1]);
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    stop = true;
    await Promise.all(writers);
  }
  const check = createDatabase({ url });
  const result = await integrity(check, Boolean(postgres));
  const problems = await invariants(check, tally.acknowledged);
  const rows = {
    applications: (await check.selectFrom('applications').select('id').execute()).length,
    orders: (await check.selectFrom('natcon_orders').select('id').execute()).length,
    payments: (await check.selectFrom('payments').select('id').execute()).length,
    receipts: (await check.selectFrom('payments').select('id').where('receipt_number', 'is not', null).execute())
      .length,
  };
  await check.destroy();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    database: postgres ? 'PostgreSQL' : 'SQLite',
    kills: KILLS,
    ...tally,
    rows,
    seconds: (Date.now() - started) / 1000,
    check: result,
    problems,
  };
}

async function main() {
  const entry = path.resolve('dist/server/main.mjs');
  if (!existsSync(entry)) throw new Error('The site is not built: run `npm run build` first.');
  const targets = [undefined, process.env.CRASH_DATABASE_URL].filter((u, i) => i === 0 || (u && isPostgresUrl(u)));
  let failed = false;
  for (const target of targets) {
    const result = await crashRun(entry, target);
    const ack = result.acknowledged;
    console.log(
      `${result.database}: ${result.kills} SIGKILLs in ${result.seconds.toFixed(1)} s; ${result.sent} requests sent, ` +
        `${result.answered} answered, ${result.failed} cut off by a kill ` +
        `(${Object.entries(result.byKind)
          .map(([kind, count]) => `${count} ${kind}`)
          .join(', ')}); acknowledged: ${ack.applications.size} applications, ${ack.applicationPayments.size} ` +
        `application payments, ${ack.orders.size} NATCON orders, ${ack.orderPayments.size} order payments, ` +
        `${ack.receipts.size} verifications, ${ack.notices.size} notices; in the database: ${result.rows.applications} ` +
        `applications, ${result.rows.orders} orders, ${result.rows.payments} payments, ${result.rows.receipts} receipts; ` +
        `integrity: ${result.check}; invariants: ${result.problems.length ? result.problems.join('; ') : 'all hold'}`,
    );
    if (result.check.slice(0, 2) !== 'ok' || result.problems.length) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
