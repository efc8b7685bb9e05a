/** The parts of a drop's DataTransfer read here (a real one has them; a test gives plain objects). */
export interface DroppedItems {
  items?: ArrayLike<{
    kind: string;
    webkitGetAsEntry(): { isDirectory: boolean; name: string } | null;
    getAsFile(): File | null;
  }>;
  files?: ArrayLike<File>;
}

/**
 * A drop, split into the files to upload and the folders among them, by name, to refuse. A folder is
 * no file to read: Chrome on Windows hands one over as a 0-byte File, others as one whose bytes cannot
 * be read, so each would be queued empty or fail with words about reading. Read during the drop event:
 * its items are gone once the handler returns.
 */
export function droppedFiles(dropped: DroppedItems | null | undefined): { files: File[]; folders: string[] } {
  const files: File[] = [];
  const folders: string[] = [];
  const items = dropped?.items;
  if (!items) return { files: Array.from(dropped?.files ?? []), folders };
  for (const item of Array.from(items)) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry();
    if (entry?.isDirectory) {
      folders.push(entry.name);
      continue;
    }
    const file = item.getAsFile();
    if (file) files.push(file);
  }
  return { files, folders };
}
