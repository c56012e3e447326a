/**
 * Spec 002 section 5 ("Re-upload of images (portal)") and section 9: an image is resized to at
 * most 1000 px wide (never enlarged, the proportions kept) and re-encoded as JPEG at quality 0.8
 * before it is uploaded.
 */
export const reuploadImage = { maxWidth: 1000, quality: 0.8, type: 'image/jpeg' } as const;

/** The size an image of `width` x `height` is drawn at. */
export function resizedSize(width: number, height: number): { width: number; height: number } {
  if (width <= reuploadImage.maxWidth) return { width, height };
  const scale = reuploadImage.maxWidth / width;
  return { width: reuploadImage.maxWidth, height: Math.max(1, Math.round(height * scale)) };
}

/** "IMG_0042.HEIC" -> "IMG_0042.jpg": the name of the re-encoded file. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'image';
  return `${base.replace(/[^A-Za-z0-9._-]+/g, '_')}.jpg`;
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('The image could not be read'));
    };
    image.src = url;
  });
}

/** The image drawn at its resized size and encoded as JPEG (quality 0.8), as a File. */
export async function resizeImage(file: File): Promise<File> {
  const image = await loadImage(file);
  const size = resizedSize(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The image could not be resized');
  // A transparent PNG becomes white, not black, as JPEG has no transparency.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(image, 0, 0, size.width, size.height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, reuploadImage.type, reuploadImage.quality),
  );
  if (!blob) throw new Error('The image could not be resized');
  return new File([blob], jpegName(file.name), { type: reuploadImage.type });
}
