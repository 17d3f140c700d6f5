import { FeedsModule } from '@castbase/feeds';
import { runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'feeds', embedded: false, modules: () => [FeedsModule] });
