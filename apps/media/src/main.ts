import { MediaModule } from '@castbase/media';
import { runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'media', embedded: false, modules: () => [MediaModule] });
