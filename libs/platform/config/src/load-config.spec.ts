import { generateKeyPairSync } from 'node:crypto';
import { allInOneEnv } from './env-schemas.js';
import { ConfigError, loadConfig, requireVariables } from './load-config.js';

describe('loadConfig', () => {
  it('fills every default on an empty environment (the embedded runtime needs nothing set)', () => {
    const config = loadConfig(allInOneEnv, {});
    expect(config).toMatchObject({
      PORT: 3000,
      PUBLIC_URL: 'http://localhost:3000',
      BUS_NAMESPACE: 'castbase',
      METRICS_ENABLED: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.NATS_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig(allInOneEnv, { DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('names every malformed variable with what it expects and what it is for', () => {
    const attempt = () =>
      loadConfig(allInOneEnv, { PORT: 'eighty', DATABASE_URL: 'mysql://x', METRICS_ENABLED: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const { problems } = error as ConfigError;
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^PORT is malformed: expected a port number \(HTTP port/),
          expect.stringMatching(
            /^DATABASE_URL is malformed: expected a URL starting with postgres:\/\/ or postgresql:\/\//,
          ),
          expect.stringMatching(/^METRICS_ENABLED is malformed: expected true or false/),
        ]),
      );
      expect(problems).toHaveLength(3);
    }
  });

  it('strips a trailing slash from PUBLIC_URL so URLs built from it never double up', () => {
    expect(loadConfig(allInOneEnv, { PUBLIC_URL: 'https://pods.example.com/' }).PUBLIC_URL).toBe(
      'https://pods.example.com',
    );
  });

  it('reads the sign-in lists and keys: origins cut to their origin, cookie keys split, a JWKS parsed and checked', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwks = JSON.stringify({ keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'k1' }] });
    const config = loadConfig(allInOneEnv, {
      OIDC_EXTRA_ORIGINS: 'http://localhost:5173/, https://preview.example.com/app',
      OIDC_COOKIE_KEYS: `${'a'.repeat(32)},${'b'.repeat(32)}`,
      OIDC_JWKS: jwks,
    });
    expect(config.OIDC_EXTRA_ORIGINS).toEqual(['http://localhost:5173', 'https://preview.example.com']);
    expect(config.OIDC_COOKIE_KEYS).toEqual(['a'.repeat(32), 'b'.repeat(32)]);
    expect(config.OIDC_JWKS?.keys[0]).toMatchObject({ kty: 'RSA', kid: 'k1' });
    expect(config).toMatchObject({
      OIDC_CLIENT_ID: 'castbase-web',
      MAIL_FROM: 'Castbase <no-reply@localhost>',
    });
  });

  it('refuses a public key set, short cookie keys and a non-SMTP mail URL', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const attempt = () =>
      loadConfig(allInOneEnv, {
        OIDC_JWKS: JSON.stringify({ keys: [publicKey.export({ format: 'jwk' })] }),
        OIDC_COOKIE_KEYS: 'short',
        SMTP_URL: 'https://mail.example.com',
      });
    expect(attempt).toThrow(/OIDC_JWKS is malformed: expected a JSON Web Key Set .* of private RSA keys/);
    expect(attempt).toThrow(/OIDC_COOKIE_KEYS is malformed: expected keys of at least 32 characters/);
    expect(attempt).toThrow(/SMTP_URL is malformed: expected a URL starting with smtp:\/\/ or smtps:\/\//);
  });

  it('reports variables a service process requires as missing, with the reason', () => {
    const config = loadConfig(allInOneEnv, {});
    expect(() => requireVariables(config, ['DATABASE_URL', 'NATS_URL'], 'required in Kubernetes')).toThrow(
      'DATABASE_URL is missing (required in Kubernetes)',
    );
  });
});
