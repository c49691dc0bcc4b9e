// `node tests/mutation/keep-partial.mjs <name> --commit <sha>`: keeps what a stopped mutation run found. A whole
// folder can take longer than a working session on this machine, and Stryker writes its incremental file only
// when a run ends; this writes reports/mutation/<name>.incremental.json from the results the event recorder kept
// (reports/mutation/<name>.events/): every mutant the run tested, so the next `npm run test:mutation -- <folder>`
// tests only the rest. Mutants this run did not reach keep what an earlier kept run stored for them, where the
// file's source is the same and they were killed (survivors are tested again). `--commit` names the commit the run started from: Stryker matches stored results to
// today's code by diffing against the sources the run mutated.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [name, ...rest] = process.argv.slice(2);
const commit = rest.includes('--commit') ? rest[rest.indexOf('--commit') + 1] : undefined;
if (!name || !commit) {
  console.error('Usage: node tests/mutation/keep-partial.mjs <name> --commit <sha the run started from>');
  process.exit(2);
}
const eventsDir = path.join('reports', 'mutation', `${name}.events`);
const target = path.join('reports', 'mutation', `${name}.incremental.json`);
if (!existsSync(eventsDir)) {
  console.error(`No recorded results at ${eventsDir}.`);
  process.exit(2);
}

const events = readdirSync(eventsDir).sort();
const read = (file) => JSON.parse(readFileSync(path.join(eventsDir, file), 'utf8'));
const planFile = events.find((file) => file.endsWith('-onMutationTestingPlanReady.json'));
const dryRunFile = events.find((file) => file.endsWith('-onDryRunCompleted.json'));
if (!planFile || !dryRunFile) {
  console.error('The run stopped before its plan was made: nothing to keep.');
  process.exit(2);
}
const planned = read(planFile).mutantPlans.map((plan) => plan.mutant);
const tested = new Map(
  events.filter((file) => file.endsWith('-onMutantTested.json')).map((file) => [read(file).id, read(file)]),
);

const relative = (file) => path.relative(process.cwd(), file).split(path.sep).join('/');
const sourceAt = (file) => execFileSync('git', ['show', `${commit}:${relative(file)}`], { encoding: 'utf8' });

// The report numbers tests as Stryker does, and names each by its file and full name, as the differ matches them.
const tests = read(dryRunFile).result.tests;
const testNumber = new Map(tests.map((test, index) => [test.id, String(index)]));
const renumber = (ids) => ids?.map((id) => testNumber.get(id) ?? id);

const byFile = new Map();
for (const mutant of planned) {
  if (!byFile.has(mutant.fileName)) byFile.set(mutant.fileName, []);
  byFile.get(mutant.fileName).push(mutant);
}

// A file this run did not finish keeps what an earlier kept run stored for it, its tests renumbered by name.
const previous = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : { files: {}, testFiles: {} };
const previousTestKey = new Map(
  Object.entries(previous.testFiles ?? {}).flatMap(([file, { tests: list }]) =>
    list.map((test) => [test.id, `${file}#${test.name}`]),
  ),
);
const numberByKey = new Map(tests.map((test) => [`${relative(test.fileName)}#${test.name}`, testNumber.get(test.id)]));
const carry = (ids) => ids?.map((id) => numberByKey.get(previousTestKey.get(id))).filter((id) => id !== undefined);

// Stryker matches a stored result to a mutant by mutator, replacement and place, one mutant at a time, so a file
// the run did not finish keeps the mutants it did test; the rest come from an earlier kept run of the same source.
const keyOf = (mutant) =>
  `${mutant.mutatorName}|${mutant.replacement}|${mutant.location.start.line}:${mutant.location.start.column}-${mutant.location.end.line}:${mutant.location.end.column}`;
const keptResult = (mutant) => {
  const { fileName: _file, location, killedBy, coveredBy, ...result } = tested.get(mutant.id);
  return { ...result, killedBy: renumber(killedBy), coveredBy: renumber(coveredBy), location };
};

const files = {};
const kept = [];
const left = [];
for (const [fileName, mutants] of byFile) {
  const file = relative(fileName);
  const source = sourceAt(fileName);
  // A static mutant `--ignoreStatic` left untested is not kept: a run without that option must test it.
  const fromThisRun = mutants
    .filter((mutant) => tested.has(mutant.id) && tested.get(mutant.id).status !== 'Ignored')
    .map(keptResult);
  const earlier = previous.files?.[file];
  const testedKeys = new Set(fromThisRun.map(keyOf));
  const whole = mutants.every((mutant) => tested.has(mutant.id));
  const fromEarlier =
    !whole && earlier?.source === source
      ? earlier.mutants
          // A survivor is not carried: it would be stored beside this run's test sources, so Stryker would take
          // tests written for it since as already run against it, and never run them.
          .filter((m) => (m.status === 'Killed' || m.status === 'Timeout') && !testedKeys.has(keyOf(m)))
          .map((m) => ({ ...m, id: `kept-${m.id}`, killedBy: carry(m.killedBy), coveredBy: carry(m.coveredBy) }))
      : [];
  if (fromThisRun.length + fromEarlier.length === 0) {
    left.push(file);
    continue;
  }
  files[file] = { language: 'typescript', source, mutants: [...fromThisRun, ...fromEarlier] };
  kept.push(
    whole
      ? file
      : `${file} (${fromThisRun.length} of ${mutants.length} tested by this run, ${fromEarlier.length} from an earlier one)`,
  );
}

const testFiles = {};
for (const test of tests) {
  const file = relative(test.fileName);
  testFiles[file] ??= { source: sourceAt(test.fileName), tests: [] };
  testFiles[file].tests.push({ id: testNumber.get(test.id), name: test.name });
}

writeFileSync(
  target,
  JSON.stringify({ schemaVersion: '1.0', thresholds: { high: 90, low: 80, break: null }, files, testFiles }, null, 2),
);
console.log(`Kept ${kept.length} files in ${target}:\n  ${kept.join('\n  ')}`);
console.log(`Left for the next run (${left.length}):\n  ${left.join('\n  ')}`);
