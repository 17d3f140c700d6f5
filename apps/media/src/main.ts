import { MediaModule } from '@castbase/media';
import { AuthModule } from '@castbase/platform-auth';
import { exitOnStartupError, runProcess } from '@castbase/platform-runtime';

// Resumable uploads reach this process through the gateway with the caller's token, verified here as there.
await runProcess({
  service: 'media',
  embedded: false,
  modules: (config) => [AuthModule.forConfig(config), MediaModule],
}).catch(exitOnStartupError);
