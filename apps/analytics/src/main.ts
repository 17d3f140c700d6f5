import { AnalyticsModule } from '@castbase/analytics';
import { exitOnStartupError, runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'analytics', embedded: false, modules: () => [AnalyticsModule] }).catch(
  exitOnStartupError,
);
