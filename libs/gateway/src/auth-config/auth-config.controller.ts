import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { authConfigSchema, type AuthConfig } from '@castbase/contracts';
import { Public } from '@castbase/platform-auth';
import { APP_CONFIG, oidcSettings, type AppConfig } from '@castbase/platform-config';
import { ApiZodResponse } from '../http/openapi.js';

@ApiTags('auth')
@Controller('api/auth')
export class AuthConfigController {
  private readonly body: AuthConfig;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const oidc = oidcSettings(config);
    this.body = authConfigSchema.parse({
      authority: oidc.issuer,
      clientId: oidc.clientId,
      scope: oidc.scope,
      // The built-in provider picks its API audience itself; an external issuer may need to be told (Auth0).
      audience: !oidc.builtIn && oidc.audience ? oidc.audience : null,
      // The built-in provider opens sign-up on the standard prompt=create; external issuers link it from sign-in.
      signUpParams: oidc.builtIn ? { prompt: 'create' } : {},
    });
  }

  /** What the web app needs to sign in, read at run time so one build serves every site. */
  @Public()
  @Get('config')
  @ApiZodResponse(authConfigSchema)
  config(): AuthConfig {
    return this.body;
  }
}
