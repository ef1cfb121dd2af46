import { withCpuPerRequest } from './cpu.mjs';

// An operation measured as a share of a bare node:http server (issue 12, DESIGN §11), in
// rounds: each round loads the bare server, then Pastebox, so both figures of a share see
// the same minute of a shared machine. Single runs of a few seconds moved the share by a
// third, so an operation is reported by its median round.

/** a ÷ b to three decimals; null when either is missing or zero. */
export const ratio = (a, b) => (a && b ? Math.round((a / b) * 1000) / 1000 : null);

/**
 * The round an operation is reported by: the first with errors, if any (an error is never
 * outvoted), else the one with the median share.
 */
export function reportedRound(rounds) {
  const failed = rounds.find((round) => round.errors > 0 || round.bareErrors > 0);
  if (failed) {
    return failed;
  }
  const byShare = [...rounds].sort((a, b) => (a.shareOfBare ?? 0) - (b.shareOfBare ?? 0));
  return byShare[Math.floor((byShare.length - 1) / 2)];
}

/**
 * `against(target)` for server `pid` loaded by `load` (lib/load.mjs) and `bare`
 * (lib/bare-node.mjs): a warm-up of `warmUpSeconds`, then `rounds` rounds; resolves with the
 * reported round's measurement, the bare figures and the share beside it, CPU per request
 * of both, and every round's share (`roundShares`).
 */
export function measureAgainstBare({ load, bare, pid, rounds, warmUpSeconds }) {
  const bareTarget = { baseUrl: bare.baseUrl, path: '/' };
  return async (target) => {
    await load.run(target, { seconds: warmUpSeconds });
    // A rotation costs wrk a Lua call per request (bare Node answers ~40 % fewer with one),
    // so the bare server gets the same rotation: the client's cost must not count as the
    // server's. It answers every path with its hello-world.
    const yardstickTarget = target.paths ? { ...bareTarget, paths: target.paths } : bareTarget;
    const measured = [];
    for (let round = 0; round < rounds; round += 1) {
      const yardstick = await withCpuPerRequest(bare.pid, () => load.run(yardstickTarget));
      const server = await withCpuPerRequest(pid, () => load.run(target));
      measured.push({
        ...server,
        bareRequestsPerSecond: yardstick.requestsPerSecond,
        bareErrors: yardstick.errors,
        shareOfBare: ratio(server.requestsPerSecond, yardstick.requestsPerSecond),
        bareCpuUsPerRequest: yardstick.cpuUsPerRequest,
        cpuShareOfBare: ratio(yardstick.cpuUsPerRequest, server.cpuUsPerRequest),
      });
    }
    return { ...reportedRound(measured), roundShares: measured.map((round) => round.shareOfBare) };
  };
}
