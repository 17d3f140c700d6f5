import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AUTH_OPTIONS, type AuthOptions } from './auth-options.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { JwtStrategy } from './jwt.strategy.js';

@Module({})
export class AuthModule {
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
