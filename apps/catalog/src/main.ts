import { CatalogModule } from '@castbase/catalog';
import { runProcess } from '@castbase/platform-runtime';

await runProcess({ service: 'catalog', embedded: false, modules: () => [CatalogModule] });
