/** Replaced at build time by tsup; read from package.json when run from source. */
declare const __APP_VERSION__: string | undefined;

export const APP_VERSION: string =
  typeof __APP_VERSION__ === 'string'
    ? __APP_VERSION__
    : (process.env.npm_package_version ?? '0.0.0-dev');
