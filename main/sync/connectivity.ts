/**
 * Online/offline as the UI shows it, inferred from requests: a few consecutive network failures
 * (no answer at all) mean offline; any answer from the server, even an error, means online.
 */
export class Connectivity {
  private failures = 0;
  private offline = false;

  constructor(private readonly threshold: number, private readonly onChange: (online: boolean) => void) {}

  get online(): boolean {
    return !this.offline;
  }

  answered(): void {
    this.failures = 0;
    if (this.offline) {
      this.offline = false;
      this.onChange(true);
    }
  }

  networkFailure(): void {
    this.failures++;
    if (!this.offline && this.failures >= this.threshold) {
      this.offline = true;
      this.onChange(false);
    }
  }
}
