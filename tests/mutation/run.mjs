// `npm run test:mutation -- [folder ...] [stryker options]`: mutation testing of each named domain folder
// (all of them, in turn, when none is named). Extra options go to Stryker, e.g.
// `npm run test:mutation -- money --mutate src/server/domains/money/upi.ts`. `--unit` runs only the unit tests
// beside the folder's code (quick, for pure logic).
import { spawnSync } from 'node:child_process';
import { FOLDER_NAMES } from './folders.mjs';

const given = process.argv.slice(2);
const unitOnly = given.includes('--unit');
const args = given.filter((arg) => arg !== '--unit' && arg !== '--sqlite');
const named = args.filter((arg) => FOLDER_NAMES.includes(arg));
const unknown = args.filter(
  (arg, i) => !arg.startsWith('-') && !FOLDER_NAMES.includes(arg) && !args[i - 1]?.startsWith('-'),
);
if (unknown.length > 0) {
  console.error(`Unknown folder ${unknown.join(', ')}: choose from ${FOLDER_NAMES.join(', ')}.`);
  process.exit(2);
}
const options = args.filter((arg) => !FOLDER_NAMES.includes(arg));
const folders = named.length > 0 ? named : FOLDER_NAMES;

// With TEST_DATABASE_URL the tests run on PostgreSQL too, which reaches the code only PostgreSQL runs (row
// locks, the batched token check); `--sqlite` leaves it out for a quicker, narrower run.
const sqliteOnly = given.includes('--sqlite');
const env = { ...process.env, NODE_ENV: 'test' };
if (sqliteOnly) {
  delete env.TEST_DATABASE_URL;
  env.MUTATION_SQLITE_ONLY = '1';
}
if (unitOnly) env.MUTATION_TESTS = 'unit';

let failed = false;
for (const folder of folders) {
  console.log(`\n== Mutation testing: ${folder} ==\n`);
  const started = Date.now();
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', ...options], {
    stdio: 'inherit',
    env: { ...env, MUTATION_FOLDER: folder },
  });
  console.log(`\n== ${folder}: ${Math.round((Date.now() - started) / 1000)} s, exit ${run.status} ==`);
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
