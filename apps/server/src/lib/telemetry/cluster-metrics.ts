import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * A scrape reaches one worker of a cluster (node:cluster hands connections out), but must
 * answer for the whole instance (DESIGN §15). That worker asks the primary over IPC; the
 * primary asks every worker for its registry (prom-client's AggregatorRegistry) and answers
 * their sum. A lone process (WORKERS=1) answers from its own registry.
 */

const ASK = 'pastebox:metrics-ask';
const ANSWER = 'pastebox:metrics-answer';
/** prom-client gives a silent worker 5 s; past that, the scrape fails rather than hangs. */
const ANSWER_TIMEOUT_MS = 8_000;

interface Ask {
  type: typeof ASK;
  id: number;
}

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as T).type === type;
}

/** In the primary: answers the workers' asks with the sum of every worker's registry. */
export function answerMetricsAsks(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<Ask>(message, ASK)) {
      return;
    }
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) {
        worker.send({ type: ANSWER, id: message.id, ...answer } satisfies Answer);
      }
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

let asks = 0;

/**
 * The instance's metrics text: in a worker, the primary's sum over all workers (each hands
 * its registry over, shareWithPrimary); in a lone process, `registry`.
 */
export function instanceMetrics(registry: Registry): Promise<string> {
  return cluster.isWorker ? askPrimary() : registry.metrics();
}

/** In a worker: lets the primary collect `registry` (prom-client's listener, added once). */
export function shareWithPrimary(registry: Registry): void {
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }
}

function askPrimary(): Promise<string> {
  asks += 1;
  const id = asks;
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (isMessage<Answer>(message, ANSWER) && message.id === id) {
        settle();
        if (message.text === undefined) {
          reject(new Error(`the cluster's metrics failed: ${message.error ?? 'no answer'}`));
        } else {
          resolve(message.text);
        }
      }
    };
    const timer = setTimeout(() => {
      settle();
      reject(new Error('the primary did not answer with the metrics in time'));
    }, ANSWER_TIMEOUT_MS);
    const settle = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send?.({ type: ASK, id } satisfies Ask);
  });
}
