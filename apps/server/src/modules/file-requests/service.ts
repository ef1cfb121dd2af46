/**
 * The file-requests module's door for the others (DESIGN §2): the sweeper gives back
 * reservations a dead process left and drops expired upload tokens; the accounts and
 * API-keys modules delete or hand over an owner's requests with its shares.
 */
export { sweepRequestAllowances } from './allowance';
export { handOverFileRequests, removeFileRequestsIn, type RequestHeir } from './owners';
