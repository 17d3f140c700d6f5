// Runs helm against the repository's chart and reports what it printed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const chartPath = fileURLToPath(new URL('../../helm/castbase', import.meta.url));

export interface HelmRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runHelm(helm: string, args: readonly string[]): HelmRun {
  const result = spawnSync(helm, args, {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // A stray kubeconfig or helm config on the machine must not change what is rendered.
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', KUBECONFIG: '/dev/null' },
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `helm template` of the chart with the given values files (paths relative to the repo root). */
export function helmTemplate(
  helm: string,
  valuesFiles: readonly string[],
  extraArgs: readonly string[] = [],
): HelmRun {
  return runHelm(helm, [
    'template',
    'castbase',
    chartPath,
    '--namespace',
    'castbase',
    ...valuesFiles.flatMap((file) => ['--values', file]),
    ...extraArgs,
  ]);
}

/** Like helmTemplate, but throws with helm's message unless it succeeds. */
export function renderChart(
  helm: string,
  valuesFiles: readonly string[],
  extraArgs: readonly string[] = [],
): string {
  const run = helmTemplate(helm, valuesFiles, extraArgs);
  if (run.status !== 0) throw new Error(`helm template failed (${run.status}):\n${run.stderr}`);
  return run.stdout;
}
