// `npm test`: one Jest run over the workspace (unit, integration, contract, e2e), then the plain closing line
// 'N passed, N failed, N skipped' that CI reads. Extra arguments go to Jest.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = mkdtempSync(join(tmpdir(), 'castbase-jest-'));
const report = join(dir, 'report.json');
const jest = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    'node_modules/jest/bin/jest.js',
    '--json',
    `--outputFile=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { LOG_LEVEL: 'warn', ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' } },
);
let summary = 'no test report was written';
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  summary = `${result.numPassedTests} passed, ${result.numFailedTests} failed, ${result.numPendingTests} skipped`;
  // Where the run's time went: the suites that took longest, for whoever keeps CI under its budget.
  const slowest = result.testResults
    .map((suite) => ({
      file: suite.name.replace(process.cwd() + '/', ''),
      seconds: (suite.endTime - suite.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 15);
  const total = result.testResults.reduce((sum, suite) => sum + (suite.endTime - suite.startTime) / 1000, 0);
  console.log(
    `\nSlowest suites (all ${result.testResults.length} suites: ${Math.round(total)} s of worker time):`,
  );
  for (const suite of slowest) console.log(`  ${suite.seconds.toFixed(1).padStart(7)} s  ${suite.file}`);
  if (result.numFailedTestSuites > 0 || result.numRuntimeErrorTestSuites > 0) {
    console.log(
      `\nFailed suites: ${result.testResults
        .filter((r) => r.status === 'failed')
        .map((r) => r.name.replace(process.cwd() + '/', ''))
        .join(', ')}`,
    );
    // What failed and why, last, where a reader of only the end of a long CI log finds it.
    for (const suite of result.testResults.filter((r) => r.status === 'failed')) {
      const file = suite.name.replace(process.cwd() + '/', '');
      const failed = suite.assertionResults.filter((test) => test.status === 'failed');
      if (failed.length === 0) console.log(`\n✕ ${file}\n${firstLines(suite.message)}`);
      for (const test of failed)
        console.log(`\n✕ ${file} › ${test.fullName}\n${firstLines(test.failureMessages.join('\n'))}`);
    }
  }
} catch {
  // Jest died before writing its report; its exit code says so.
}
rmSync(dir, { recursive: true, force: true });
console.log(`\n${summary}`);
process.exit(jest.status ?? 1);

/** The start of a failure message without colour codes: the error and where it was thrown. */
function firstLines(text, lines = 12) {
  return stripVTControlCharacters(text ?? '')
    .split('\n')
    .slice(0, lines)
    .map((line) => `    ${line}`)
    .join('\n');
}
