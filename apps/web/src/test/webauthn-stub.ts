import { vi } from 'vitest';

/**
 * The browser's WebAuthn, stubbed for passkey tests (issue 32), and only it: the calls to
 * our server still go to the test's fake server. `get` answers an assertion and `create`
 * an attestation with fixed bytes, or both throw what `refuse` makes (a cancelled prompt).
 */
const bytes = (text: string) => new TextEncoder().encode(text).buffer;

export function stubWebAuthn(refuse?: () => Error) {
  vi.stubGlobal('PublicKeyCredential', class PublicKeyCredentialStub {});
  const common = {
    id: 'cred-1',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    getClientExtensionResults: () => ({}),
  };
  const assertion = {
    ...common,
    response: {
      clientDataJSON: bytes('client-data'),
      authenticatorData: bytes('auth-data'),
      signature: bytes('signature'),
      userHandle: bytes('user-1'),
    },
  };
  const attestation = {
    ...common,
    response: {
      clientDataJSON: bytes('client-data'),
      attestationObject: bytes('attestation'),
      getTransports: () => ['internal'],
    },
  };
  const answer = (credential: object) => () =>
    refuse ? Promise.reject(refuse()) : Promise.resolve(credential);
  const get = vi.fn(answer(assertion));
  const create = vi.fn(answer(attestation));
  Object.defineProperty(navigator, 'credentials', { value: { get, create }, configurable: true });
  return { get, create };
}

/** Removes the stub's `navigator.credentials` (vi.unstubAllGlobals takes the class). */
export function unstubWebAuthn() {
  Reflect.deleteProperty(navigator, 'credentials');
}

/** What the server's sign-in options call answers: a ceremony token and WebAuthn options. */
export const PASSKEY_OPTIONS = {
  ceremony: 'ceremony-0123456789abcdef',
  options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] },
};

/** What the server's registration options call answers. */
export const REGISTRATION_OPTIONS = {
  options: {
    challenge: 'Y2hhbGxlbmdl',
    rp: { id: 'localhost', name: 'Pastebox' },
    user: { id: 'dXNlci0x', name: 'ada', displayName: 'ada' },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    excludeCredentials: [],
  },
};
