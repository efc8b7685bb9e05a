/**
 * Hands bytes to the user as a file. In the browser host this is the browser's download; in
 * Electron the same link opens the native "Save as" (no `will-download` handler overrides it).
 */
export function offerDownload(
  data: Uint8Array | string,
  filename: string,
  type: string,
  doc: Document = document,
): void {
  // A copy into a plain ArrayBuffer: Blob wants ArrayBuffer-backed views, not a possibly shared buffer.
  const part = typeof data === 'string' ? data : new Uint8Array(data).buffer;
  const url = URL.createObjectURL(new Blob([part], { type }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not now: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Saves text as a CSV file. A byte-order mark goes first so spreadsheet programs read UTF-8 names
 * (µL, Å) correctly.
 */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  offerDownload(`\uFEFF${text}`, fileName, type);
}

export function bytesFromBase64(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
