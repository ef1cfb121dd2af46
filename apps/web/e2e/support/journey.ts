import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { adminCall } from './api';
import { launchBrowser, newContext, type ContextOptions } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * What every journey opens with, once per file: the built server on a fresh DATA_DIR, one
 * Chromium, and an admin token. A journey states only what is its own (the looks, the data
 * it puts in) instead of restating the start-up, the shut-down and the context options.
 */

/** A page's options: `newContext`'s, less what the journey already knows. */
export type PageOptions = Omit<ContextOptions, 'baseUrl' | 'adminToken'> & {
  /** Signed in as the admin, which most journeys are; `false` for a stranger. */
  asAdmin?: boolean;
};

export interface Journey {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The admin's token, from logging in through the API. */
  readonly token: string;
  /** One JSON call to the API as the admin: its data; throws on anything but 2xx. */
  call<T>(method: string, route: string, body?: unknown): Promise<T>;
  /** A fresh browser context on the server (its own storage). */
  context(options?: PageOptions): Promise<BrowserContext>;
  /** A fresh context with one page, gone to `route`. */
  open(route: string, options?: PageOptions): Promise<{ context: BrowserContext; page: Page }>;
}

interface Started {
  server: RunningServer;
  browser: Browser;
  token: string;
}

/**
 * Registers the journey's `beforeAll` (start the server with `env`, launch the browser,
 * log in) and `afterAll` (close both) in the calling `describe`. Vitest runs `beforeAll`
 * hooks in order and `afterAll` hooks in reverse: a hook the file registers after this one
 * sees the server started and runs before it stops; one registered before (to prepare
 * what `env` names, given as a function) runs before the start and after the stop.
 */
export function useJourney(
  env: Record<string, string> | (() => Record<string, string>) = {},
): Journey {
  let started: Partial<Started> = {};
  const get = <K extends keyof Started>(key: K): Started[K] => {
    const value = started[key];
    if (value === undefined) {
      throw new Error(`The journey has not started: no ${key} outside its tests and hooks.`);
    }
    return value;
  };

  beforeAll(async () => {
    const server = await startServer(typeof env === 'function' ? env() : env);
    started = { server };
    const browser = await launchBrowser();
    started = { server, browser };
    started = { server, browser, token: await server.adminToken() };
  }, 120_000);
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });

  const context = async ({ asAdmin = true, ...options }: PageOptions = {}) =>
    newContext(get('browser'), {
      baseUrl: get('server').baseUrl,
      ...(asAdmin ? { adminToken: get('token') } : {}),
      ...options,
    });

  return {
    get server() {
      return get('server');
    },
    get browser() {
      return get('browser');
    },
    get token() {
      return get('token');
    },
    call: <T>(method: string, route: string, body?: unknown) =>
      adminCall<T>(get('server').baseUrl, get('token'), method, route, body),
    context,
    async open(route, options) {
      const opened = await context(options);
      const page = await opened.newPage();
      await page.goto(route);
      return { context: opened, page };
    },
  };
}
