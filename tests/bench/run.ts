import { mkdirSync, writeFileSync } from 'node:fs';
import bodyLimits from './body-limits';
import livePages from './live-pages';
import pageWeight from './page-weight';
import applicationsQueue from './applications-queue';
import natconRush from './natcon-rush';
import membersRegister from './members-register';
import importRegister from './import';
import type { BenchModule } from './support/types';

/**
 * `npm run bench`: runs each benchmark module in turn and prints its results and budgets.
 * Add a benchmark by adding its module to this list. `npm run bench -- <name>` runs only one;
 * every run also writes bench/results/<name>.json.
 */
const modules: BenchModule[] = [
  pageWeight,
  bodyLimits,
  livePages,
  applicationsQueue,
  natconRush,
  membersRegister,
  importRegister,
];

const wanted = process.argv.slice(2);
const selected = wanted.length ? modules.filter((m) => wanted.includes(m.name)) : modules;
if (!selected.length) {
  console.error(`No benchmark named ${wanted.join(', ')}. Known: ${modules.map((m) => m.name).join(', ')}.`);
  process.exit(2);
}

let missed = 0;
for (const module of selected) {
  console.log(`\n== ${module.name}`);
  const started = Date.now();
  const report = await module.run();
  console.table(report.rows);
  for (const budget of report.budgets) {
    console.log(`${budget.met ? 'met   ' : 'MISSED'} ${budget.what}`);
    if (!budget.met) missed += 1;
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/${module.name}.json`,
    JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2),
  );
}
// Budgets are reported, not enforced: a benchmark on a shared machine is no pass/fail test.
console.log(missed ? `\n${missed} budget(s) missed.` : '\nAll budgets met.');
