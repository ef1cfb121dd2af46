/**
 * The file-requests module's door for the others (DESIGN §2): the sweeper gives back
 * reservations a dead process left and drops expired upload tokens.
 */
export { sweepRequestAllowances } from './allowance';
