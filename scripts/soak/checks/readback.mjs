import { dataOf, sha256 } from '../http.mjs';
import { BALANCER_URL } from '../haproxy.mjs';
import { queryDatabase } from '../postgres.mjs';

// Invariant 1: every acknowledged write is readable afterwards, with its bytes. Read back
// through the balancer (so any instance answers), as the load read them: pastes raw and
// anonymously, file shares by opening them and downloading, mount files through the fs
// API or WebDAV (as they were written), folders by stat; deleted paths must be gone.
// View-limited pastes are not read (a read would cost a view): their content is compared
// in the database, and one the sweeper removed must have been used up.

const PARALLEL = 16;

async function get(url, headers = {}) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
  return { status: res.status, ok: res.ok, body: Buffer.from(await res.arrayBuffer()) };
}

/** Runs `check` over `items`, PARALLEL at a time; resolves with the items that failed. */
async function failing(items, check) {
  const failed = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      const problem = await check(item).catch((error) => `error ${error.message}`);
      if (problem) {
        failed.push(`${item.label}: ${problem}`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return failed;
}

function compare(answer, sha) {
  if (!answer.ok) {
    return `HTTP ${answer.status}`;
  }
  return sha256(answer.body) === sha ? null : 'bytes differ';
}

async function limitedPasteProblems(pastes) {
  const rows = await queryDatabase('SELECT slug, content FROM pastes WHERE slug = ANY($1)', [
    pastes.map((p) => p.slug),
  ]);
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  return pastes
    .map((paste) => {
      const row = bySlug.get(paste.slug);
      if (row) {
        return sha256(Buffer.from(row.content)) === paste.sha
          ? null
          : `${paste.slug}: content differs`;
      }
      const usedUp = paste.goneSeen || paste.reads + paste.unsure >= paste.maxViews;
      return usedUp ? null : `${paste.slug}: gone before its views were used up`;
    })
    .filter(Boolean);
}

export async function checkReadBack({ ledger, pastebox }) {
  const key = { authorization: pastebox.keyAuth };
  const dav = { authorization: pastebox.davAuth };
  const pastes = [...ledger.pastes.values()];
  const unlimited = pastes.filter((p) => p.maxViews === 0);
  const files = [...ledger.files.values()];
  const mountFiles = [...ledger.mountFiles].map(([path, entry]) => ({ path, ...entry }));
  const fsUrl = (action, path) =>
    `${BALANCER_URL}/api/user/fs/${action}?path=${encodeURIComponent(path)}`;
  const groups = {
    pastes: await failing(
      unlimited.map((p) => ({ ...p, label: p.slug })),
      async (p) => compare(await get(`${BALANCER_URL}/api/raw/${p.slug}`), p.sha),
    ),
    'view-limited pastes': await limitedPasteProblems(pastes.filter((p) => p.maxViews > 0)),
    'file shares': await failing(
      files.map((f) => ({ ...f, label: f.slug })),
      async (f) => {
        const opened = await get(`${BALANCER_URL}/api/public/files/${f.slug}`);
        const url = opened.ok ? dataOf(opened)?.downloadUrl : null;
        return url ? compare(await get(url), f.sha) : `open: HTTP ${opened.status}`;
      },
    ),
    'mount files': await failing(
      mountFiles.map((f) => ({ ...f, label: f.path })),
      async (f) => {
        const viaDav = f.via.startsWith('dav');
        const url = viaDav ? `${BALANCER_URL}/dav${f.path}` : fsUrl('download', f.path);
        return compare(await get(url, viaDav ? dav : key), f.sha);
      },
    ),
    folders: await failing(
      [...ledger.folders].map((path) => ({ path, label: path })),
      async (f) => {
        const answer = await get(fsUrl('get', f.path), key);
        return answer.ok && dataOf(answer)?.isDirectory ? null : `HTTP ${answer.status}`;
      },
    ),
    'deleted paths gone': await failing(
      [...ledger.deleted].map((path) => ({ path, label: path })),
      async (f) => {
        const answer = await get(fsUrl('get', f.path), key);
        return answer.status === 404 ? null : `HTTP ${answer.status} (expected 404)`;
      },
    ),
  };
  const counts = {
    pastes: unlimited.length,
    'view-limited pastes': pastes.length - unlimited.length,
    'file shares': files.length,
    'mount files': mountFiles.length,
    folders: ledger.folders.size,
    'deleted paths gone': ledger.deleted.size,
  };
  const problems = Object.entries(groups).flatMap(([name, list]) =>
    list.map((p) => `${name} ${p}`),
  );
  const during = ledger.mismatches.map((m) => `during the load: ${m.what} (${m.detail})`);
  const byKind = Object.entries(counts).map(
    ([name, n]) => `${name} ${n - groups[name].length}/${n}`,
  );
  const mountKinds = countBy(mountFiles.map((f) => f.via));
  const fileKinds = countBy(files.map((f) => f.kind));
  return {
    name: '1. every acknowledged write readable afterwards',
    held: problems.length === 0 && during.length === 0,
    figures: `${byKind.join(', ')}; files by path ${fmt(fileKinds)}; mount files by path ${fmt(mountKinds)}; ${ledger.mismatches.length} wrong answers during the load`,
    problems: [...problems, ...during],
  };
}

function countBy(values) {
  const counts = {};
  for (const value of values) {
    counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

function fmt(counts) {
  return Object.entries(counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}
