/**
 * Removes every occurrence of the token from a text that came from outside (a server message, a
 * transport error). The client never puts the token into text itself; this guards against a
 * server or library echoing it back.
 */
export function redact(text: string | undefined, token: string | null): string | undefined {
  if (text === undefined || !token) return text;
  return text.split(token).join('[redacted]');
}
