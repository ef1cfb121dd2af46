import { sql } from 'kysely';
import type { AppDeps } from '@/context';

/**
 * How long a successful database probe answers for (DESIGN §11: no database round trip
 * per health request). A load balancer polling every second still sees an outage within
 * about a second; a failed probe is never remembered, so recovery shows at once too.
 */
const PROBE_FRESH_MS = 1000;

interface Probe {
  /** When the last success was seen (clock ms); 0 before the first. */
  okAt: number;
  /** The probe under way, shared by every health request that arrives meanwhile. */
  running: Promise<void> | null;
}

/** Per app, like every other piece of state here: tests build many apps in one process. */
const probes = new WeakMap<AppDeps, Probe>();

function probeOf(deps: AppDeps): Probe {
  let probe = probes.get(deps);
  if (!probe) {
    probe = { okAt: 0, running: null };
    probes.set(deps, probe);
  }
  return probe;
}

/**
 * Whether the database answered within the last second: the health route then answers at
 * once, without a promise (every request but about one a second under load).
 */
export function databaseRecentlyOk(deps: AppDeps): boolean {
  const { okAt } = probeOf(deps);
  const now = deps.clock.now().getTime();
  return okAt > 0 && now - okAt < PROBE_FRESH_MS && now >= okAt;
}

/**
 * Resolves when the database answered `select 1` within the last second (or does now);
 * rejects with the driver's error when it cannot be reached.
 */
export async function checkDatabase(deps: AppDeps): Promise<void> {
  if (databaseRecentlyOk(deps)) {
    return;
  }
  const state = probeOf(deps);
  state.running ??= sql`select 1`
    .execute(deps.db)
    .then(() => {
      state.okAt = deps.clock.now().getTime();
    })
    .finally(() => {
      state.running = null;
    });
  await state.running;
}
