export { GatewayModule } from './gateway.module.js';
export { configureGatewayHttp } from './http/configure-http.js';
export { HttpErrorFilter } from './http/http-error.filter.js';
