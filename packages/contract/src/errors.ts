/**
 * Stable error keys of the API (SPEC §8) and the HTTP status each one answers with.
 * The web app translates the key; the server's `message` is only an English fallback.
 * Keys never change meaning once published: clients switch on them.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'Invalid request' },
  CONTENT_EMPTY: { status: 400, message: 'Content cannot be empty' },
  SLUG_INVALID: {
    status: 400,
    message: 'The link suffix may only use letters, digits, hyphen and underscore (at most 50)',
  },
  SLUG_RESERVED: { status: 400, message: 'This link suffix is reserved' },
  CUSTOM_KEY_INVALID: {
    status: 400,
    message: 'A custom key may only use letters, digits, underscore and hyphen',
  },
  NOTHING_TO_CHANGE: { status: 400, message: 'Give a new username or a new password' },
  NEW_PASSWORD_SAME: { status: 400, message: 'The new password must differ from the current one' },
  BASIC_PATH_INVALID: { status: 400, message: 'The base path must start with /' },

  UNAUTHORIZED: { status: 401, message: 'Unauthorized, please log in' },
  INVALID_CREDENTIALS: { status: 401, message: 'Wrong username or password' },
  INVALID_TOKEN: { status: 401, message: 'Admin session expired, please log in again' },
  API_KEY_INVALID: { status: 401, message: 'API key invalid or expired' },
  WRONG_PASSWORD: { status: 401, message: 'Wrong password' },
  VERIFICATION_FAILED: { status: 401, message: 'Current password is wrong' },

  FORBIDDEN: { status: 403, message: 'You do not have permission for this action' },
  TEXT_PERMISSION_REQUIRED: { status: 403, message: 'This API key has no text permission' },
  FILE_PERMISSION_REQUIRED: { status: 403, message: 'This API key has no file permission' },
  MOUNT_PERMISSION_REQUIRED: { status: 403, message: 'This API key has no mount permission' },
  ADMIN_REQUIRED: { status: 403, message: 'Only the administrator can do this' },

  NOT_FOUND: { status: 404, message: 'Not found' },
  PASTE_NOT_FOUND: { status: 404, message: 'The share does not exist' },
  API_KEY_NOT_FOUND: { status: 404, message: 'The API key does not exist' },
  // Storage configs and the local driver's signed URLs (issue 3).
  STORAGE_CONFIG_NOT_FOUND: { status: 404, message: 'The storage config does not exist' },
  STORAGE_CONFIG_IN_USE: {
    status: 409,
    message: 'Files still use this storage config; delete or move them first',
  },
  STORAGE_CONFIG_IS_DEFAULT: {
    status: 409,
    message: 'The default storage config cannot be deleted; make another one the default first',
  },
  STORAGE_CONFIG_NAME_TAKEN: { status: 409, message: 'A storage config with this name exists' },
  STORAGE_FORBIDDEN: { status: 403, message: 'No permission to use this storage config' },
  STORAGE_KEY_INVALID: { status: 400, message: 'Invalid storage path' },
  SIGNED_URL_INVALID: { status: 403, message: 'The signed link is invalid' },
  SIGNED_URL_EXPIRED: { status: 403, message: 'The signed link has expired' },
  // Short links to signed file links (issue 30).
  SHORT_LINK_NOT_FOUND: {
    status: 404,
    message: 'The short link does not exist or has expired and was removed',
  },

  SLUG_TAKEN: { status: 409, message: 'Link suffix already taken, try another' },
  KEY_TAKEN: { status: 409, message: 'This key is already in use' },
  KEY_NAME_TAKEN: { status: 409, message: 'An API key with this name already exists' },
  USERNAME_TAKEN: { status: 409, message: 'This username is already taken' },

  SHARE_EXPIRED: { status: 410, message: 'The share has expired' },
  VIEW_LIMIT_REACHED: { status: 410, message: 'The share has reached its view limit' },

  CONTENT_TOO_LARGE: { status: 413, message: 'Content too large' },
  // Hardening (issue 7, DESIGN §5).
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  VISIT_LINK_USED_UP: {
    status: 410,
    message: 'This link has expired or served its share; open the share again',
  },
  LOCAL_ROOT_FORBIDDEN: {
    status: 400,
    message: 'A local storage folder must be inside the data directory or listed in LOCAL_ROOTS',
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'The database is unavailable or busy, try again in a moment',
  },
  // The storage (an S3 endpoint) could not be reached: the client may retry (issue 34).
  STORAGE_UNAVAILABLE: {
    status: 503,
    message: 'The file storage cannot be reached, try again in a moment',
  },
  // Files and uploads (issue 3).
  FILE_NOT_FOUND: { status: 404, message: 'The file share does not exist' },
  UPLOAD_NOT_FOUND: { status: 404, message: 'The upload does not exist or has ended' },
  PATH_FORBIDDEN: { status: 403, message: 'This API key may not use this path' },
  FILE_TOO_LARGE: { status: 413, message: 'The file is larger than the maximum upload size' },
  INSUFFICIENT_STORAGE: { status: 507, message: 'Not enough storage space for this file' },
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'The requested range is not satisfiable' },
  UPLOAD_INCOMPLETE: {
    status: 400,
    message: 'The upload is incomplete: the stored object does not match what was announced',
  },
  UPLOAD_FAILED: { status: 502, message: 'Storing the file failed' },
  PRESIGN_FAILED: { status: 502, message: 'Could not create an upload URL' },
  MULTIPART_INIT_FAILED: { status: 502, message: 'Could not start the multipart upload' },
  FILE_DELETE_FAILED: { status: 502, message: 'The stored file could not be deleted' },
  // URL upload (SPEC §4, DESIGN §5): the server fetches only public http(s) addresses.
  URL_NOT_ALLOWED: {
    status: 400,
    message: 'This URL is not allowed: only public http and https addresses can be fetched',
  },
  URL_FETCH_FAILED: { status: 502, message: 'The remote server could not be reached or refused' },
  URL_FETCH_TIMEOUT: { status: 504, message: 'The remote server is responding too slowly' },
  URL_TOO_MANY_REDIRECTS: { status: 502, message: 'The URL redirects too many times (at most 5)' },
  // Mounts, the file system and tasks (issue 9, DESIGN §7).
  MOUNT_NOT_FOUND: { status: 404, message: 'The mount does not exist' },
  MOUNT_PATH_INVALID: {
    status: 400,
    message:
      'A mount path starts with / and uses letters, digits, _, -, Chinese characters and /, with no empty segments',
  },
  MOUNT_PATH_RESERVED: { status: 400, message: 'This mount path is reserved by the application' },
  MOUNT_PATH_TAKEN: { status: 409, message: 'Another mount already uses this path' },
  MOUNT_PATH_NESTED: {
    status: 409,
    message: 'A mount path cannot lie inside or around another mount',
  },
  STORAGE_CONFIG_HAS_MOUNTS: {
    status: 409,
    message: 'Mounts still use this storage config; delete or change them first',
  },
  PATH_INVALID: {
    status: 400,
    message: 'Invalid path: it must start with / and hold no .., backslash or control character',
  },
  PATH_NOT_FOUND: { status: 404, message: 'The file or folder does not exist' },
  PATH_EXISTS: { status: 409, message: 'A file or folder with this name already exists' },
  FOLDER_NOT_EMPTY: { status: 409, message: 'The folder is not empty' },
  PATH_CONFLICT: { status: 409, message: 'This operation conflicts with the current files' },
  PATH_OUTSIDE_MOUNT: { status: 400, message: 'Mount points themselves cannot be changed here' },
  COPY_INTO_ITSELF: {
    status: 400,
    message: 'A folder cannot be copied or moved into itself or one of its subfolders',
  },
  NOT_A_FILE: { status: 400, message: 'This path is a folder, not a file' },
  NOT_A_FOLDER: { status: 400, message: 'This path is a file, not a folder' },
  FILE_TOO_LARGE_TO_EDIT: { status: 413, message: 'Only files up to 10 MB can be edited' },
  TASK_NOT_FOUND: { status: 404, message: 'The task does not exist' },
  // WebDAV locks hold for every front door (issue 29, DESIGN §5 "Storage trust").
  RESOURCE_LOCKED: {
    status: 423,
    message:
      'This file or folder is locked by another WebDAV client; try again once it is unlocked',
  },
  DAV_LOCK_NOT_FOUND: { status: 404, message: 'The WebDAV lock does not exist or has expired' },
  TASK_NOT_FINISHED: {
    status: 409,
    message: 'The task is still running; cancel it before deleting it',
  },
  // Accounts and sign-in (issue 32, DESIGN §12).
  ACCOUNT_DISABLED: { status: 403, message: 'This account is disabled' },
  ACCOUNT_NOT_FOUND: { status: 404, message: 'The account does not exist' },
  LAST_ADMIN: {
    status: 409,
    message: 'The last enabled administrator cannot be disabled, demoted or deleted',
  },
  INVITE_INVALID: {
    status: 410,
    message: 'This invitation link is not valid: it was used, replaced or has expired',
  },
  QUOTA_EXCEEDED: {
    status: 413,
    message: 'Your storage quota is used up: delete some file shares or ask an administrator',
  },
  SESSION_NOT_FOUND: { status: 404, message: 'The session does not exist or has ended' },
  // Two factors (issue 32): a sign-in that needs a second step answers 401 with the step's
  // challenge in `details` (path 'challenge'), never a session.
  SECOND_FACTOR_REQUIRED: {
    status: 401,
    message: 'Enter a code from your authenticator app, a recovery code, or use a passkey',
  },
  TWO_FACTOR_ENROLMENT_REQUIRED: {
    status: 401,
    message: 'This server requires two factors: set up an authenticator app or a passkey first',
  },
  SIGN_IN_CHALLENGE_INVALID: {
    status: 401,
    message: 'This sign-in step has expired or was used up; sign in again',
  },
  SECOND_FACTOR_INVALID: { status: 401, message: 'The code or passkey was not accepted' },
  TOTP_ALREADY_ENABLED: {
    status: 409,
    message: 'An authenticator app is already set up; remove it before setting up another',
  },
  TOTP_SETUP_MISSING: { status: 409, message: 'Start setting up an authenticator app first' },
  PASSKEY_NOT_FOUND: { status: 404, message: 'The passkey does not exist' },
  APP_PASSWORD_NOT_FOUND: { status: 404, message: 'The app password does not exist' },
  // Single sign-on (issue 32): the callback is a redirect, so these reach the web app in
  // the /sso/complete fragment (#error=KEY) rather than in an envelope.
  SSO_NOT_CONFIGURED: { status: 404, message: 'Single sign-on is not configured' },
  SSO_FAILED: {
    status: 400,
    message: 'Single sign-on failed: the identity provider did not confirm who you are',
  },
  SSO_DOMAIN_NOT_ALLOWED: {
    status: 403,
    message: 'Your e-mail domain may not sign in to this server',
  },
  SSO_NO_ACCOUNT: {
    status: 403,
    message: 'No account on this server matches you; ask an administrator to create one',
  },
  // Bundles (issue 33): several file shares behind one link.
  BUNDLE_NOT_FOUND: { status: 404, message: 'The bundle does not exist' },
  BUNDLE_FILES_INVALID: {
    status: 400,
    message: 'Every file of a bundle must be an existing, fully uploaded file share of yours',
  },
  BUNDLE_FILES_MIXED_ENCRYPTION: {
    status: 400,
    message: 'A bundle holds either end-to-end encrypted files only or none',
  },
  BUNDLE_ENCRYPTED: {
    status: 409,
    message: 'An end-to-end encrypted bundle is zipped by the browser, which holds the key',
  },
  // File requests (issue 33): a link through which strangers send the owner files.
  REQUEST_NOT_FOUND: { status: 404, message: 'The file request does not exist' },
  REQUEST_CLOSED: { status: 410, message: 'The file request is closed and accepts nothing more' },
  REQUEST_LIMIT_REACHED: {
    status: 409,
    message: 'The file request has received all the files or bytes it accepts',
  },
  REQUEST_TYPE_REFUSED: { status: 415, message: 'The file request does not accept this type' },
  REQUEST_FILE_TOO_LARGE: {
    status: 413,
    message: 'The file is larger than the file request accepts',
  },
  REQUEST_TOKEN_INVALID: {
    status: 401,
    message: 'The upload link has expired; open the request page again',
  },
  REQUEST_DETAILS_REQUIRED: {
    status: 400,
    message: 'The file request asks for your name or e-mail address',
  },
  REQUEST_KIND_MISMATCH: {
    status: 400,
    message: 'This request asks for files, not text (or the other way round)',
  },
  REQUEST_TARGET_INVALID: {
    status: 400,
    message: 'A file request needs a storage config or a mount folder you may write',
  },
  REQUEST_UPLOAD_NOT_FOUND: { status: 404, message: 'The received file or text does not exist' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts, try again later' },
  INTERNAL: { status: 500, message: 'Internal server error' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service unavailable' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorKey = keyof typeof ERRORS;

export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];

/** The shape of every answer (DESIGN §4). `code` mirrors the HTTP status. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  success: boolean;
  /** Present on errors: a stable key from {@link ERRORS}. */
  error?: ErrorKey;
  /** Present on 500s, so a log line can be found from the answer. */
  requestId?: string;
  /**
   * Present on validation errors (which field failed and why) and on RATE_LIMITED, where
   * `{ path: 'retry_after', message: '<seconds>' }` says when to retry (like Retry-After).
   */
  details?: { path: string; message: string }[];
}
