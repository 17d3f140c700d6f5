import { spawn, type ChildProcess } from 'node:child_process';
import { waitFor } from '@castbase/platform-testing';

export interface StartedProcess {
  child: ChildProcess;
  output(): string;
}

/** Runs a built entry point (`npm test` builds first) with the given environment on top of this one. */
export function startBuiltProcess(entry: string, env: NodeJS.ProcessEnv): StartedProcess {
  let output = '';
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Waits until the process answers /health/ready with 200. */
export async function waitUntilReady(baseUrl: string, started: StartedProcess): Promise<void> {
  await waitFor(
    `${baseUrl} to be ready`,
    async () => {
      if (started.child.exitCode !== null)
        throw new Error(`it exited with ${started.child.exitCode}: ${started.output().slice(-3000)}`);
      return (await fetch(`${baseUrl}/health/ready`)).ok;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- output ---\n${started.output().slice(-3000)}`);
  });
}

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function stopProcesses(
  processes: StartedProcess[],
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  for (const { child } of processes) child.kill(signal);
  await Promise.all(processes.map(({ child }) => exited(child)));
}
