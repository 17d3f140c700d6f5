import { SocialModule } from '@castbase/social';
import { exitOnStartupError, runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'social', embedded: false, modules: () => [SocialModule] }).catch(
  exitOnStartupError,
);
