/**
 * A phone's photo is often 6–12 MB: more than the server takes (IMAGE_MAX_BYTES) and far more than
 * it keeps (it resizes to IMAGE_MAX_SIDE_PX). Drawn again in the browser at most `maxSide` pixels a
 * side as JPEG, it is a few hundred KB and goes on a slow network in seconds. Null when the browser
 * cannot read the file as an image (then it is refused, not sent).
 */
export async function shrinkImage(file: File, maxSide: number, quality = 0.9): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    // The camera's orientation is applied, so a portrait photo stays upright.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    // JPEG has no transparency: a PNG's clear parts become white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) return null;
    const name = file.name.replace(/\.[^.]*$/, '') || 'photo';
    return new File([blob], `${name}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
