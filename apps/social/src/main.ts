import { SocialModule } from '@castbase/social';
import { runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'social', embedded: false, modules: () => [SocialModule] });
