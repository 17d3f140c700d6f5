import { CatalogModule } from '@castbase/catalog';
import { exitOnStartupError, runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'catalog', embedded: false, modules: () => [CatalogModule] }).catch(
  exitOnStartupError,
);
