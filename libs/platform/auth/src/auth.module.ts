import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { oidcSettings, type AppConfig } from '@castbase/platform-config';
import { AUTH_OPTIONS, type AuthOptions } from './auth-options.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { JwtStrategy } from './jwt.strategy.js';

@Module({})
export class AuthModule {
  /**
   * Token verification as the configuration sets it: the external issuer, else the identity service's built-in
   * provider (PUBLIC_URL/oidc); the development key when there is one.
   */
  static forConfig(config: AppConfig): DynamicModule {
    const oidc = oidcSettings(config);
    return AuthModule.forRoot({
      issuerUrl: oidc.issuer,
      jwksUrl: config.OIDC_JWKS_URL,
      audience: oidc.audience,
      devSigningKey: config.AUTH_DEV_SIGNING_KEY,
    });
  }

  /** Verifies bearer tokens on every HTTP route of the application (opt out with @Public()). */
  static forRoot(options: AuthOptions): DynamicModule {
    if (!options.issuerUrl && !options.jwksUrl && !options.devSigningKey) {
      throw new Error(
        'Authentication needs OIDC_ISSUER_URL (or OIDC_JWKS_URL), or AUTH_DEV_SIGNING_KEY for development',
      );
    }
    return {
      module: AuthModule,
      imports: [PassportModule],
      providers: [
        { provide: AUTH_OPTIONS, useValue: options },
        JwtStrategy,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
      ],
    };
  }
}
