import { MonetizationModule } from '@castbase/monetization';
import { exitOnStartupError, runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'monetization', embedded: false, modules: () => [MonetizationModule] }).catch(
  exitOnStartupError,
);
