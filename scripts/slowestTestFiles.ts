import fs from 'node:fs';
import path from 'node:path';

/** One test file and the time its tests took, in milliseconds. */
export type FileTime = { file: string; ms: number; runner: 'vitest' | 'playwright' };

type VitestReport = { testResults?: { name: string; startTime?: number; endTime?: number }[] };
type PlaywrightSuite = {
  file?: string;
  specs?: { tests?: { results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
};
type PlaywrightReport = { suites?: PlaywrightSuite[] };

/** The files of a Vitest JSON report (wall time from start to end of each file). */
function vitestFiles(report: VitestReport, root: string): FileTime[] {
  return (report.testResults ?? []).map((result) => ({
    file: path.relative(root, result.name),
    ms: Math.max(0, (result.endTime ?? 0) - (result.startTime ?? 0)),
    runner: 'vitest' as const,
  }));
}

/** The files of a Playwright JSON report (the sum of every test's attempts in each file). */
function playwrightFiles(report: PlaywrightReport): FileTime[] {
  const byFile = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, file: string) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          byFile.set(here, (byFile.get(here) ?? 0) + (result.duration ?? 0));
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? '');
  return [...byFile].map(([file, ms]) => ({
    file: path.join('e2e', file),
    ms,
    runner: 'playwright' as const,
  }));
}

/** The slowest test files across the reports (Vitest's and Playwright's JSON), slowest first. */
export function slowestTestFiles(reports: unknown[], root: string, count = 10): FileTime[] {
  const files = reports.flatMap((report) => {
    if (report && typeof report === 'object' && 'testResults' in report)
      return vitestFiles(report as VitestReport, root);
    if (report && typeof report === 'object' && 'suites' in report)
      return playwrightFiles(report as PlaywrightReport);
    return [];
  });
  return files.sort((a, b) => b.ms - a.ms).slice(0, count);
}

// `tsx scripts/slowestTestFiles.ts <report.json>...`: prints the 10 slowest test files of a run.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const reports = process.argv
    .slice(2)
    .filter((file) => fs.existsSync(file) && fs.statSync(file).size > 0)
    .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as unknown);
  const slowest = slowestTestFiles(reports, process.cwd());
  console.log(`==> the ${slowest.length} slowest test files`);
  for (const { file, ms, runner } of slowest)
    console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${runner.padEnd(10)} ${file}`);
}
