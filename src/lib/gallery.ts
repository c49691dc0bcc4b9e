import { pictureSources } from './content-format';
import type { Photo } from './schemas/content';

/** An album's photos as the lightbox draws them (client-safe). */
export function lightboxPhotos(photos: Photo[]) {
  return photos.map((photo) => {
    const sources = pictureSources(photo.image);
    const jpegs = photo.image.variants.filter((v) => v.format === 'jpeg').sort((a, b) => b.width - a.width);
    return {
      id: photo.id,
      caption: photo.caption,
      avif: sources.avif,
      webp: sources.webp,
      jpeg: sources.jpeg,
      src: sources.src,
      full: jpegs[0]?.url ?? sources.src,
      width: sources.width,
      height: sources.height,
    };
  });
}
