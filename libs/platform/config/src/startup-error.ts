/**
 * Why a process cannot start, written for the person starting it (what is wrong and what to do), printed under
 * "Castbase cannot start." without a stack trace.
 */
export class StartupError extends Error {
  override readonly name: string = 'StartupError';
}
