import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClaimsParameterMember } from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`) in the test process, on a random port: the
 * protocol is never mocked (issue 32). Its login and consent pages are one small handler
 * that signs in whichever person the test chose with `signInAs`, so a test drives the
 * whole code flow over HTTP, as a browser would, with `browse`.
 */

export interface TestPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
  groups?: string[];
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface TestProvider {
  issuer: string;
  /** Registers the clients (once: the provider is built then, with their callback URLs). */
  register(clients: TestClient[]): void;
  /** The person the next sign-in at the provider is. */
  signInAs(person: TestPerson): void;
  close(): Promise<void>;
}

export async function startTestProvider(): Promise<TestProvider> {
  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: 'test-key',
    use: 'sig',
  };
  let provider: Provider | undefined;
  let person: TestPerson | undefined;
  const people = new Map<string, TestPerson>();
  const server = http.createServer((req, res) => {
    if (!provider) {
      res.writeHead(503).end('no clients registered yet');
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      void finishInteraction(provider, req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
      return;
    }
    void provider.callback()(req, res);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Login signs in the chosen person; consent grants every scope the client asked for. */
  async function finishInteraction(
    idp: Provider,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<void> {
    const details = await idp.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (!person) {
        throw new Error('signInAs was not called');
      }
      people.set(person.sub, person);
      await idp.interactionFinished(req, res, { login: { accountId: person.sub } });
      return;
    }
    const grant = new idp.Grant({
      accountId: details.session?.accountId ?? '',
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await idp.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      {
        mergeWithLastSubmission: true,
      },
    );
  }

  return {
    issuer,
    register(clients) {
      provider = new Provider(issuer, {
        clients: clients.map((client) => ({
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: client.redirectUris,
          token_endpoint_auth_method: 'client_secret_post',
          grant_types: ['authorization_code'],
          response_types: ['code'],
        })),
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name', 'preferred_username'],
          groups: ['groups'],
        } satisfies Record<string, ClaimsParameterMember[] | string[]>,
        scopes: ['openid', 'email', 'profile', 'groups'],
        findAccount: (_ctx, sub) => {
          const known = people.get(sub);
          return known ? { accountId: sub, claims: () => ({ ...known }) } : undefined;
        },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        cookies: { keys: ['test-cookie-key-0123456789'] },
        // A key of its own and stated lifetimes, so the provider runs without its warnings.
        jwks: { keys: [signingKey] },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
      });
    },
    signInAs(next) {
      person = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies by name, sent to every request: enough for one provider on one origin. */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) {
        this.#cookies.delete(name);
      } else {
        this.#cookies.set(name, value);
      }
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows a browser's redirects from `start` (a URL on the Pastebox server or the
 * provider) until the Pastebox server answers with a page of the web app: returns that
 * Location. The provider's cookies are kept like a browser's. `stopAtCallback`: returns
 * the provider's redirect to the callback instead of following it.
 */
export async function browse(
  start: string,
  provider: TestProvider,
  options: { stopAtCallback?: boolean } = {},
): Promise<string> {
  const jar = new CookieJar();
  let url = start;
  for (let hop = 0; hop < 20; hop += 1) {
    const toProvider = url.startsWith(provider.issuer);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: toProvider ? { cookie: jar.header() } : {},
    });
    if (toProvider) {
      jar.store(response);
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    }
    const next = new URL(location, url).href;
    if (!toProvider && !next.startsWith(provider.issuer)) {
      return next;
    }
    if (toProvider && options.stopAtCallback && !next.startsWith(provider.issuer)) {
      return next;
    }
    url = next;
  }
  throw new Error('too many redirects');
}

/** The fields of a /sso/complete#… Location. */
export function fragmentOf(location: string): Record<string, string> {
  const hash = new URL(location).hash.slice(1);
  return Object.fromEntries(new URLSearchParams(hash));
}
