// Runtime configuration for a front end hosted apart from its backend (DESIGN §1, shape 3).
// Set backendUrl to the server's origin, e.g. 'https://paste.example.com'; empty = same origin.
window.__PASTEBOX_CONFIG__ = { backendUrl: '' };
