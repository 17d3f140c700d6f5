import { AnalyticsModule } from '@castbase/analytics';
import { runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'analytics', embedded: false, modules: () => [AnalyticsModule] });
