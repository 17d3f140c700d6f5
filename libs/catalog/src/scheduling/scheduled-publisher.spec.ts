import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { PublishDueEpisodes } from './publish-due-episodes.js';
import { ScheduledPublisher } from './scheduled-publisher.js';

/** The routine as the timer sees it: each run answers (or fails with) the next outcome given. */
function routine(outcomes: Array<number | Error>) {
  const runs: Array<{ settle: () => void }> = [];
  let holdRuns = false;
  const execute = jest.fn(async () => {
    if (holdRuns) await new Promise<void>((resolve) => runs.push({ settle: resolve }));
    const outcome = outcomes.shift() ?? 0;
    if (outcome instanceof Error) throw outcome;
    return outcome;
  });
  return {
    publishDue: { execute } as unknown as PublishDueEpisodes,
    execute,
    holdRuns: () => (holdRuns = true),
    releaseRuns: () => runs.splice(0).forEach((run) => run.settle()),
  };
}

describe('the scheduled publisher timer', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('runs the routine every SCHEDULED_PUBLISH_INTERVAL_SECONDS from bootstrap', async () => {
    const { publishDue, execute } = routine([2, 0]);
    const publisher = new ScheduledPublisher(publishDue, { SCHEDULED_PUBLISH_INTERVAL_SECONDS: 5 });

    publisher.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(4_999);
    expect(execute).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(execute).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(execute).toHaveBeenCalledTimes(2);

    await publisher.onModuleDestroy();
  });

  it('defaults to every 60 seconds without the process configuration', async () => {
    const { publishDue, execute } = routine([]);
    const publisher = new ScheduledPublisher(publishDue);

    publisher.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(59_999);
    expect(execute).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(execute).toHaveBeenCalledTimes(1);

    await publisher.onModuleDestroy();
  });

  it('logs a failed run and runs again at the next interval', async () => {
    const { publishDue, execute } = routine([new Error('database unavailable'), 3]);
    const publisher = new ScheduledPublisher(publishDue, { SCHEDULED_PUBLISH_INTERVAL_SECONDS: 1 });

    publisher.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(2_000);

    expect(execute).toHaveBeenCalledTimes(2);
    expect(Logger.prototype.error).toHaveBeenCalledWith(
      expect.stringContaining('database unavailable'),
      expect.any(String),
    );
    expect(Logger.prototype.log).toHaveBeenCalledWith('Published 3 scheduled episode(s) that were due');
    await publisher.onModuleDestroy();
  });

  it('does not start a run while the previous one is still going', async () => {
    const { publishDue, execute, holdRuns, releaseRuns } = routine([]);
    const publisher = new ScheduledPublisher(publishDue, { SCHEDULED_PUBLISH_INTERVAL_SECONDS: 1 });
    holdRuns();

    publisher.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(3_000);
    expect(execute).toHaveBeenCalledTimes(1);

    releaseRuns();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(execute).toHaveBeenCalledTimes(2);
    releaseRuns();
    await publisher.onModuleDestroy();
  });

  it('stops on shutdown, after the run in progress', async () => {
    const { publishDue, execute, holdRuns, releaseRuns } = routine([]);
    const publisher = new ScheduledPublisher(publishDue, { SCHEDULED_PUBLISH_INTERVAL_SECONDS: 1 });
    holdRuns();
    publisher.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(1_000);

    let stopped = false;
    const stopping = publisher.onModuleDestroy().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    releaseRuns();
    await stopping;
    await jest.advanceTimersByTimeAsync(10_000);

    expect(execute).toHaveBeenCalledTimes(1);
  });
});
