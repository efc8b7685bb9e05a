import { describe, expect, it } from 'vitest';
import { imageMimeType } from '../../../../shared/api/files.js';

/**
 * The media type attach-image is given for an uploaded image. It was built as "image/" + the extension,
 * so a .tif went out as "image/tif" and a .JPEG as "image/jpeg" only by luck of its case.
 */
describe("an image's media type for embedding in a notebook page", () => {
  it('is the registered name for each extension, in any case', () => {
    expect(
      ['gel.tif', 'scan.TIFF', 'plate.jpg', 'plate.JPEG', 'blot.png', 'cells.gif', 'phone.HEIC', 'x.heif'].map(
        imageMimeType,
      ),
    ).toEqual([
      'image/tiff',
      'image/tiff',
      'image/jpeg',
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/heic',
      'image/heif',
    ]);
  });

  it('is none for a file that is no image a page embeds', () => {
    expect(['run.csv', 'report.pdf', 'noext', 'image.svg'].map(imageMimeType)).toEqual([null, null, null, null]);
  });
});
