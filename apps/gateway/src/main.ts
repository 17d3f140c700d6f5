import { configureGatewayHttp, GatewayModule } from '@castbase/gateway';
import { exitOnStartupError, runProcess } from '@castbase/platform-runtime';

await runProcess({
  service: 'gateway',
  embedded: false,
  database: false,
  modules: (config) => [GatewayModule.forRoot(config)],
  configureHttp: configureGatewayHttp,
}).catch(exitOnStartupError);
