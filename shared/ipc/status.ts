import { z } from 'zod';

/**
 * Where the token is kept. 'memory-only' means no OS keychain was usable: the token is lost when
 * the app quits, and the UI says so. There is deliberately no "file" option.
 */
export const TOKEN_STORES = ['keychain', 'safe-storage', 'memory-only'] as const;
export const tokenStore = z.enum(TOKEN_STORES);
export type TokenStore = z.infer<typeof tokenStore>;

/** Everything the renderer may know about the token: never the value. */
export const tokenStatus = z.strictObject({
  set: z.boolean(),
  stored: tokenStore,
  /** 'sandbox-demo': the embedded sandbox's demo token, supplied in memory automatically. */
  source: z.enum(['user', 'sandbox-demo', 'none']),
  /** The last call with this token was refused (401/403): nothing is sent until that changes. */
  rejected: z.boolean(),
  /**
   * Of a refusal: the service said no token reached it ("Missing Authentication Token") although one was
   * sent. A proxy removing the header, or an address missing part of its path, does that; a new token
   * would not help.
   */
  notReceived: z.boolean(),
  /**
   * Why the secure token store could not be used on its last try (a locked keychain), in words for the
   * user, or null. While it is set, `set` is what the store last said, or false if it was never read.
   */
  storeProblem: z.string().nullable(),
});
export type TokenStatus = z.infer<typeof tokenStatus>;

export const connectionState = z.enum(['starting', 'ready', 'unreachable', 'error']);
export const appStatus = z.strictObject({
  connection: z.strictObject({
    kind: z.enum(['local-sandbox', 'custom']),
    label: z.string(),
    baseUrl: z.string().nullable(),
    state: connectionState,
    message: z.string().nullable(),
  }),
  /** 'unknown' until a call has reached (or failed to reach) the service. */
  online: z.enum(['online', 'offline', 'unknown']),
  token: tokenStatus,
  /** Problems the user should see once, e.g. a corrupt settings file that was moved aside. */
  notices: z.array(z.string()).max(20),
});
export type AppStatus = z.infer<typeof appStatus>;

export const appInfo = z.strictObject({
  name: z.string(),
  version: z.string(),
  shell: z.enum(['electron', 'browser-host']),
  platform: z.string(),
  /** Whether a native file dialog is available (Electron only). */
  nativeDialogs: z.boolean(),
});
export type AppInfo = z.infer<typeof appInfo>;

export const connectionTestResult = z.strictObject({
  ok: z.boolean(),
  /** What a scientist needs to read: "Connected", "Token refused", "Cannot reach …". */
  message: z.string(),
  kind: z.enum(['ok', 'auth', 'network', 'no-token', 'error']),
  latencyMs: z.number().optional(),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResult>;
