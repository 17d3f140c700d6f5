import {
  Catch,
  Controller,
  Get,
  type ArgumentsHost,
  type ExceptionFilter,
  type INestApplication,
} from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '@castbase/contracts';
import { Test } from '@nestjs/testing';
import { generateKeyPair, exportJWK, SignJWT } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthModule } from './auth.module.js';
import { CurrentUser, Public, type AuthenticatedUser } from './authenticated-user.js';
import { mintDevAccessToken } from './dev-token.js';

@Controller()
class ProbeController {
  @Get('me')
  me(@CurrentUser() user: AuthenticatedUser) {
    return user;
  }

  @Public()
  @Get('open')
  open() {
    return { open: true };
  }
}

const DEV_KEY = 'k'.repeat(40);

/** The gateway's error filter maps every DomainError; this spec needs only that part of it. */
@Catch(DomainError)
class DomainErrorStatus implements ExceptionFilter {
  catch(error: DomainError, host: ArgumentsHost) {
    host.switchToHttp().getResponse<Response>().status(error.status).json(error.toJSON());
  }
}

/** A real OIDC issuer stand-in: discovery document and JWKS over HTTP, RS256 keys. */
async function startIssuer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration')
      return res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
    if (req.url === '/keys') return res.end(JSON.stringify({ keys: [jwk] }));
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sign = (claims: Record<string, unknown>, iss = issuer, audience = 'castbase') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(iss)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
  return { issuer, sign, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('bearer token verification', () => {
  let app: INestApplication;
  let base: string;
  let issuer: Awaited<ReturnType<typeof startIssuer>>;

  beforeAll(async () => {
    issuer = await startIssuer();
    const module = await Test.createTestingModule({
      imports: [
        AuthModule.forRoot({ issuerUrl: issuer.issuer, audience: 'castbase', devSigningKey: DEV_KEY }),
      ],
      controllers: [ProbeController],
    }).compile();
    app = module.createNestApplication();
    app.useGlobalFilters(new DomainErrorStatus());
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(async () => {
    await app.close();
    await issuer.close();
  });

  const get = (path: string, token?: string) =>
    fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("accepts the issuer's RS256 token (keys found through OIDC discovery) and makes its subject the caller", async () => {
    const token = await issuer.sign({ sub: 'auth0|123', email: 'a@example.com', preferred_username: 'ann' });
    const response = await get('/me', token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: 'auth0|123',
      email: 'a@example.com',
      username: 'ann',
      name: null,
    });
  });

  it('accepts a development token minted with the configured key', async () => {
    const token = await mintDevAccessToken(DEV_KEY, { sub: 'dev-user' }, { audience: 'castbase' });
    expect(((await (await get('/me', token)).json()) as AuthenticatedUser).id).toBe('dev-user');
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'not.a.token'],
  ])('refuses %s', async (_, token) => {
    expect(await (await get('/me', token)).json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'User not authenticated. Please log in again.',
    });
  });

  it("refuses the issuer's token for another audience, yet takes development tokens that name none", async () => {
    const forOtherApi = await issuer.sign({ sub: 'auth0|123' }, issuer.issuer, 'another-api');
    expect((await get('/me', forOtherApi)).status).toBe(401);
    const devToken = await mintDevAccessToken(DEV_KEY, { sub: 'dev-user' });
    expect(((await (await get('/me', devToken)).json()) as AuthenticatedUser).id).toBe('dev-user');
  });

  it('refuses a token from another issuer and one signed with the wrong development key', async () => {
    const foreign = await issuer.sign({ sub: 'x' }, 'https://evil.example.com');
    const forged = await mintDevAccessToken('z'.repeat(40), { sub: 'dev-user' }, { audience: 'castbase' });
    expect((await get('/me', foreign)).status).toBe(401);
    expect((await get('/me', forged)).status).toBe(401);
  });

  it('lets signed-out visitors reach routes marked @Public()', async () => {
    expect(await (await get('/open')).json()).toEqual({ open: true });
  });
});
