export { GatewayModule } from './gateway.module.js';
export { configureGatewayHttp } from './http/configure-http.js';
