import { FeedsModule } from '@castbase/feeds';
import { exitOnStartupError, runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'feeds', embedded: false, modules: () => [FeedsModule] }).catch(
  exitOnStartupError,
);
