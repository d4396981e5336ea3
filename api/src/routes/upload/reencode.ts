import { UPLOAD_PIXELS_MESSAGE, UPLOAD_UNREADABLE_MESSAGE, UPLOAD_FIELD } from 'contracts';
import { badRequest } from '../../lib/errors';

export type ImageExt = 'png' | 'jpg' | 'gif' | 'webp';

/**
 * Decodes an uploaded image and encodes it again in the same format, so what is stored is pixels we
 * wrote, never the client's bytes: a polyglot (an image that is also HTML, a ZIP or a script, or
 * carries a payload after its end marker) loses everything that is not the picture, and metadata
 * (EXIF with GPS position, camera serial, comments, ICC/XMP) is dropped, since sharp writes none
 * unless asked. JPEG orientation is applied to the pixels first, so photos stay upright.
 * Animated GIF and WebP stay animated (sharp decodes every frame with `animated: true` and writes
 * them back with their delays and loop count).
 *
 * `maxPixels` bounds width × height of the decoded image (all frames of an animation together),
 * checked from the header before any pixel is decoded: a decompression bomb (a tiny file that
 * declares a huge canvas) is refused with 400 without allocating its memory.
 */
export async function reencodeImage(bytes: Buffer, ext: ImageExt, maxPixels: number): Promise<Buffer> {
  const animated = ext === 'gif' || ext === 'webp';
  // Loaded on the first upload only (a native module and its bindings).
  const { default: sharp } = await import('sharp');
  try {
    let image = sharp(bytes, { animated, limitInputPixels: maxPixels, failOn: 'error' });
    if (ext === 'jpg') image = image.autoOrient();
    switch (ext) {
      case 'png':
        return await image.png({ compressionLevel: 9 }).toBuffer();
      case 'jpg':
        return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
      case 'gif':
        return await image.gif().toBuffer();
      case 'webp':
        return await image.webp({ quality: 90 }).toBuffer();
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) throw badRequest(UPLOAD_PIXELS_MESSAGE, { [UPLOAD_FIELD]: UPLOAD_PIXELS_MESSAGE });
    // A file that starts like an image but does not decode (truncated, corrupt, a lie): the client's fault.
    throw badRequest(UPLOAD_UNREADABLE_MESSAGE, { [UPLOAD_FIELD]: UPLOAD_UNREADABLE_MESSAGE });
  }
}
