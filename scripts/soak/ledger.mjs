// What the load was told it wrote (a 2xx answer), and so what must be readable at the end;
// plus what it could not be sure of. A write whose answer was lost (a 5xx or no answer in
// a fault's window) may or may not have happened: its item leaves the ledger, so that the
// final check neither requires it nor forbids it.

/** The ledger of one run. Each client only touches its own folders, so entries never race. */
export function createLedger() {
  return {
    /** slug → { slug, sha, maxViews, reads (2xx), unsure (lost answers), goneSeen } */
    pastes: new Map(),
    /** slug → { slug, sha, size, kind } of file shares (form, presign, multipart) */
    files: new Map(),
    /** virtual path → { sha, size, via } of files in the mount (fs API, WebDAV, copies) */
    mountFiles: new Map(),
    /** folders made with fs mkdir */
    folders: new Set(),
    /** paths deleted with an acknowledged delete (and not written since): must be gone */
    deleted: new Set(),
    /** task id → { id, target, sha, status } of copy tasks */
    tasks: new Map(),
    /** lock token → { path, expiresAt (ms since the epoch), released } */
    locks: new Map(),
    /** counters of the content checks done during the load */
    mismatches: [],
  };
}

/** A file written at `path` (acknowledged). */
export function recordMountFile(ledger, path, entry) {
  ledger.mountFiles.set(path, entry);
  ledger.deleted.delete(path);
}

/** A write at `path` whose outcome is unknown: nothing is expected there any more. */
export function forgetPath(ledger, path) {
  ledger.mountFiles.delete(path);
  ledger.deleted.delete(path);
}

/** A content check that failed during the load (wrong bytes, a missing entry). */
export function recordMismatch(ledger, what, detail) {
  ledger.mismatches.push({ what, detail, at: new Date().toISOString() });
}
