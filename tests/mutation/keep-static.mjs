// `node tests/mutation/keep-static.mjs <name> --commit <sha>`: puts the results of a run of a folder's static
// mutants alone into its stored results. A static mutant runs every test of the folder, so a run without
// `--ignoreStatic` also reruns every hybrid mutant against every test, hours for money or NATCON on this machine;
// instead the static mutants' lines are run with `--mutate` (docs/testing.md, "Static mutants"). Stryker then
// writes an incremental file of those lines only, so back up reports/mutation/<name>.incremental.json before the
// run and restore it after: this reads the run's recorded events (reports/mutation/<name>.events/) and puts each
// result in the restored file, in place of what was stored for the mutant at that place (ignored, or a hybrid
// mutant's result from a run that gave it fewer tests), or beside them when none was (a stopped run kept with
// keep-partial.mjs drops the static mutants it left untested). `--commit` names the commit the run started from;
// a file whose stored source differs from it is left alone (its places would not match).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [name, ...rest] = process.argv.slice(2);
const commit = rest.includes('--commit') ? rest[rest.indexOf('--commit') + 1] : undefined;
if (!name || !commit) {
  console.error('Usage: node tests/mutation/keep-static.mjs <name> --commit <sha the run started from>');
  process.exit(2);
}
const eventsDir = path.join('reports', 'mutation', `${name}.events`);
const target = path.join('reports', 'mutation', `${name}.incremental.json`);
if (!existsSync(eventsDir) || !existsSync(target)) {
  console.error(`Needs both ${eventsDir} (the run's results) and ${target} (the stored results, restored).`);
  process.exit(2);
}

const stored = JSON.parse(readFileSync(target, 'utf8'));
const relative = (file) => path.relative(process.cwd(), file).split(path.sep).join('/');
const sourceAt = (file) => execFileSync('git', ['show', `${commit}:${file}`], { encoding: 'utf8' });
const keyOf = (mutant) =>
  `${mutant.mutatorName}|${mutant.replacement}|${mutant.location.start.line}:${mutant.location.start.column}-${mutant.location.end.line}:${mutant.location.end.column}`;

// The events name tests by file and full name; the stored file numbers them, listed under testFiles.
const storedTestId = new Map(
  Object.entries(stored.testFiles ?? {}).flatMap(([file, { tests }]) =>
    tests.map((test) => [`${file}#${test.name}`, test.id]),
  ),
);
const storedIds = (ids) => ids?.map((id) => storedTestId.get(id)).filter((id) => id !== undefined);

const results = readdirSync(eventsDir)
  .filter((file) => file.endsWith('-onMutantTested.json'))
  .map((file) => JSON.parse(readFileSync(path.join(eventsDir, file), 'utf8')))
  .filter((mutant) => mutant.status !== 'Ignored');

const counts = { scored: 0, replaced: 0, added: 0, sourceChanged: 0 };
for (const result of results) {
  const file = relative(result.fileName);
  const entry = stored.files[file];
  if (!entry || entry.source !== sourceAt(file)) {
    counts.sourceChanged += 1;
    continue;
  }
  const { status, statusReason, testsCompleted, killedBy, coveredBy, mutatorName, replacement, location } = result;
  const scored = {
    id: `static-${result.id}`,
    mutatorName,
    replacement,
    location,
    status,
    statusReason,
    testsCompleted,
    static: result.static,
    killedBy: storedIds(killedBy),
    coveredBy: storedIds(coveredBy),
  };
  const at = entry.mutants.findIndex((m) => keyOf(m) === keyOf(result));
  if (at === -1) {
    entry.mutants.push(scored);
    counts.added += 1;
  } else {
    if (entry.mutants[at].status !== 'Ignored') counts.replaced += 1;
    else counts.scored += 1;
    entry.mutants[at] = { ...scored, id: entry.mutants[at].id };
  }
}
writeFileSync(target, JSON.stringify(stored, null, 2));
console.log(
  `${target}: ${counts.scored} ignored mutants scored, ${counts.added} added, ${counts.replaced} earlier results ` +
    `replaced by this run's (every test); ${counts.sourceChanged} results left out, their files changed since.`,
);
