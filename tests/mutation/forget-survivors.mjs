// `node tests/mutation/forget-survivors.mjs <name>`: drops the survived and not-covered results from
// reports/mutation/<name>.incremental.json, so the next run of the folder tests those mutants again. Stryker
// reuses a stored survivor while the tests it recorded as covering the mutant are unchanged; a result carried
// over from an earlier stopped run (keep-partial.mjs, before 28 November) was stored beside newer test sources,
// so tests written for it went unnoticed (docs/testing.md, "Incremental mode and changed tests").
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [name] = process.argv.slice(2);
if (!name) {
  console.error('Usage: node tests/mutation/forget-survivors.mjs <name>');
  process.exit(2);
}
const target = path.join('reports', 'mutation', `${name}.incremental.json`);
const stored = JSON.parse(readFileSync(target, 'utf8'));
let dropped = 0;
for (const entry of Object.values(stored.files)) {
  const kept = entry.mutants.filter((mutant) => mutant.status !== 'Survived' && mutant.status !== 'NoCoverage');
  dropped += entry.mutants.length - kept.length;
  entry.mutants = kept;
}
writeFileSync(target, JSON.stringify(stored, null, 2));
console.log(`${target}: ${dropped} survived or not-covered results dropped; the next run tests them again.`);
