import { IdentityModule } from '@castbase/identity';
import { exitOnStartupError, runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'identity', embedded: false, modules: () => [IdentityModule] }).catch(
  exitOnStartupError,
);
