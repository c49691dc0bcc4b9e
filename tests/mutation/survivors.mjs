// `node tests/mutation/survivors.mjs <folder> [--file part-of-path] [--all]`: the mutants of a folder's run that
// no test noticed (survived or not covered), grouped by file, each with its line of code and what Stryker put in
// its place. Reads the finished report (reports/mutation/<name>.report.json) or, while a run is still going, the
// results recorded so far (reports/mutation/<name>.events/). `<name>` is the folder, or e.g. `money.sqlite`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [name, ...rest] = process.argv.slice(2);
if (!name) {
  console.error('Name a folder: node tests/mutation/survivors.mjs money [--file gateway/] [--all]');
  process.exit(2);
}
const fileFilter = rest.includes('--file') ? rest[rest.indexOf('--file') + 1] : undefined;
const wanted = rest.includes('--all') ? null : new Set(['Survived', 'NoCoverage']);

const base = path.join('reports', 'mutation');
const reportPath = path.join(base, `${name}.report.json`);
const eventsDir = path.join(base, `${name}.events`);

/** Every tested mutant as [fileName, mutant], from the report when the run has finished, else from its events. */
function testedMutants() {
  if (existsSync(reportPath)) {
    const report = JSON.parse(readFileSync(reportPath, 'utf8'));
    return {
      source: reportPath,
      mutants: Object.entries(report.files).flatMap(([file, { mutants }]) => mutants.map((m) => [file, m])),
    };
  }
  if (!existsSync(eventsDir)) {
    console.error(`Neither ${reportPath} nor ${eventsDir} exists: run npm run test:mutation -- ${name} first.`);
    process.exit(2);
  }
  const mutants = readdirSync(eventsDir)
    .filter((file) => file.endsWith('-onMutantTested.json'))
    .map((file) => JSON.parse(readFileSync(path.join(eventsDir, file), 'utf8')))
    .map((m) => [m.fileName, m]);
  return { source: `${eventsDir} (run still going or stopped)`, mutants };
}

const { source, mutants } = testedMutants();
const sources = new Map();
const lineOf = (file, line) => {
  if (!sources.has(file)) sources.set(file, existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []);
  return (sources.get(file)[line - 1] ?? '').trim();
};

const counts = {};
const byFile = new Map();
for (const [file, mutant] of mutants) {
  counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  if (wanted && !wanted.has(mutant.status)) continue;
  const relative = path.relative(process.cwd(), path.resolve(file));
  if (fileFilter && !relative.includes(fileFilter)) continue;
  if (!byFile.has(relative)) byFile.set(relative, []);
  byFile.get(relative).push(mutant);
}

console.log(`${source}: ${mutants.length} mutants tested; ${JSON.stringify(counts)}`);
const killed = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
const scored = killed + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
if (scored > 0) console.log(`score so far: ${((100 * killed) / scored).toFixed(1)}%`);
for (const [file, list] of [...byFile].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`\n${file} (${list.length})`);
  for (const m of list.sort((a, b) => a.location.start.line - b.location.start.line)) {
    const { line, column } = m.location.start;
    const status = m.status === 'NoCoverage' ? 'no coverage' : m.status.toLowerCase();
    console.log(`  ${line}:${column} ${status} ${m.mutatorName} -> ${JSON.stringify(m.replacement ?? '')}`);
    console.log(`      ${lineOf(relative(file), line)}`);
  }
}

function relative(file) {
  return path.relative(process.cwd(), path.resolve(file));
}
