import { IdentityModule } from '@castbase/identity';
import { runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'identity', embedded: false, modules: () => [IdentityModule] });
