/**
 * The renderer's Content-Security-Policy, one definition for both shells: Electron sends it as a
 * header, the browser host with every page it serves.
 */

/** Content-Security-Policy: only our own bundled files; no inline script, eval, remote content, frames or plugins. */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'manifest-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'worker-src': ["'none'"],
});

/** `extraConnect` lets the browser host allow exactly its own WebSocket origin. */
export function buildCsp(opts: { extraConnect?: readonly string[]; forMetaTag?: boolean } = {}): string {
  return (
    Object.entries(CSP_DIRECTIVES)
      // frame-ancestors is ignored (with a console error) inside a meta tag; headers carry it.
      .filter(([name]) => !(opts.forMetaTag && name === 'frame-ancestors'))
      .map(([name, values]) =>
        [name, ...values, ...(name === 'connect-src' ? (opts.extraConnect ?? []) : [])].join(' '),
      )
      .join('; ')
  );
}
