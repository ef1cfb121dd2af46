import { LIMITS } from '@pastebox/contract/limits';
import { BODY_LIMIT_EXTENSION, limitBody } from '@/lib/body-limit';

/**
 * The largest JSON body a paste call may send: the content limit doubled (JSON escapes
 * quotes, backslashes and newlines as two bytes) plus room for the other fields. Anything
 * larger is refused before it is read into memory.
 */
const PASTE_BODY_MAX_BYTES = LIMITS.pasteMaxBytes * 2 + 64 * 1024;

/** Spread into a paste route that takes content: raises its body limit above the 1 MB default. */
export const pasteBodyAllowance = { [BODY_LIMIT_EXTENSION]: PASTE_BODY_MAX_BYTES } as const;

/** The paste routes' own limit, first in line, so a large body answers CONTENT_TOO_LARGE. */
export const pasteBodyLimit = limitBody(PASTE_BODY_MAX_BYTES, 'CONTENT_TOO_LARGE');
