/**
 * Copies text, answering whether it worked: the clipboard can be refused (the Electron shell
 * denies permission requests it does not know; a browser may need focus), and a failed copy must
 * say so rather than pretend.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
