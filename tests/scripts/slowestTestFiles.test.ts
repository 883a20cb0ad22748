import { expect, it } from 'vitest';
import { slowestTestFiles } from '../../scripts/slowestTestFiles.ts';

it('ranks the test files of Vitest and Playwright reports together, slowest first, ten at most', () => {
  const vitest = {
    testResults: Array.from({ length: 12 }, (_, i) => ({
      name: `/repo/tests/server/t${i}.test.ts`,
      startTime: 1_000,
      endTime: 1_000 + i * 100,
    })),
  };
  const playwright = {
    suites: [
      {
        file: 'walk.spec.ts',
        specs: [{ tests: [{ results: [{ duration: 700 }, { duration: 600 }] }] }],
        suites: [{ specs: [{ tests: [{ results: [{ duration: 500 }] }] }] }],
      },
    ],
  };
  const slowest = slowestTestFiles([vitest, playwright, { other: true }], '/repo');
  expect(slowest).toHaveLength(10);
  // The walk's attempts and its nested describe's tests add up to 1.8 s: slower than any Vitest file.
  expect(slowest[0]).toEqual({ file: 'e2e/walk.spec.ts', ms: 1_800, runner: 'playwright' });
  expect(slowest[1]).toEqual({ file: 'tests/server/t11.test.ts', ms: 1_100, runner: 'vitest' });
  expect(slowest.map((entry) => entry.ms)).toEqual([1_800, 1_100, 1_000, 900, 800, 700, 600, 500, 400, 300]);
});
