import { MonetizationModule } from '@castbase/monetization';
import { runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'monetization', embedded: false, modules: () => [MonetizationModule] });
