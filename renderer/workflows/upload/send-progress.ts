import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { uploadSendProgress, type UploadSendProgress } from '../../../shared/ipc/channels/upload.js';

/** Main's news of how far each upload is on its way to the service (`upload.sendProgress`), to `apply`. Returns the stop. */
export function followSendProgress(api: BenchlinkApi, apply: (progress: UploadSendProgress) => void): () => void {
  return api.subscribe('upload.sendProgress', (payload: unknown) => {
    // Checked as every event is at the bridge; read again here so a malformed one is dropped, not drawn.
    const progress = uploadSendProgress.safeParse(payload);
    if (progress.success) apply(progress.data);
  });
}

/** How far an upload is on its way, in the words its row says it: "Sent to the service: 40%". */
export function sentSaid(sent: Pick<UploadSendProgress, 'sent' | 'total'>): string {
  const percent = sent.total > 0 ? Math.floor((sent.sent / sent.total) * 100) : 0;
  return `Sent to the service: ${percent}%`;
}
