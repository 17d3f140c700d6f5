import { MediaModule } from '@castbase/media';
import { exitOnStartupError, runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'media', embedded: false, modules: () => [MediaModule] }).catch(
  exitOnStartupError,
);
