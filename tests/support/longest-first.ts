import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first. Vitest orders files by their last durations, which a fresh clone
 * (CI) does not have; it then starts the largest files first, and the fuzz test, short to read but three minutes
 * to run, started last and ran alone at the end.
 */
const LONGEST = [
  'tests/api/fuzz.test.ts',
  'tests/integration/cluster-server.test.ts',
  'tests/api/contract-roles.test.ts',
  'tests/integration/house-rules.test.ts',
];

function rank(spec: TestSpecification): number {
  const index = LONGEST.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? LONGEST.length : index;
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Vitest runs a project's files together: the longest move to the front of their own project only.
    const projectStart = new Map<string, number>();
    sorted.forEach((spec, index) => {
      if (!projectStart.has(spec.project.name)) projectStart.set(spec.project.name, index);
    });
    const key = (spec: TestSpecification, index: number) => [
      projectStart.get(spec.project.name) ?? 0,
      rank(spec),
      index,
    ];
    return sorted
      .map((spec, index) => ({ spec, key: key(spec, index) }))
      .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!)
      .map(({ spec }) => spec);
  }
}
