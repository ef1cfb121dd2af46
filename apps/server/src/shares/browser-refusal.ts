import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import { isAppError } from '@/lib/errors';
import { publicBaseUrl } from '@/lib/public-url';
import { pageLanguage, prefersHtml } from './browser-request';
import { refusalPage } from './refusal-page';

/**
 * Answers what `work` answers; when it refuses a browser navigation (Accept prefers
 * text/html: a link opened in a tab, a QR code scanned), the refusal page instead of the
 * envelope, with the same status. Scripts and API clients keep the envelope (SPEC §8), and
 * an error that is not a refusal (a 500) still reaches the app's error handler.
 *
 * `sharePath` is the web app's page of the share the link belongs to (`/paste/{slug}`),
 * where a reader can still open it; null for a link that belongs to no page (a signed or
 * short file link): its page leads home.
 */
export async function answerOrRefusalPage(
  c: Context<AppEnv>,
  work: () => Response | Promise<Response>,
  sharePath: string | null,
): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (!isAppError(error) || !prefersHtml(c.req.header('accept'))) {
      throw error;
    }
    const base = publicBaseUrl(c.get('deps').config, c.req.raw);
    return refusalPage(error, {
      language: pageLanguage(c.req.header('accept-language')),
      shareUrl: `${base}${sharePath ?? '/'}`,
      homeUrl: `${base}/`,
    });
  }
}
