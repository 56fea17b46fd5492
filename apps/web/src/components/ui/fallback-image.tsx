import { useState } from 'react';

interface FallbackImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Class of the placeholder drawn instead when there is no image or it fails to load (spec §8). */
  fallbackClassName: string;
  loading?: 'lazy' | 'eager';
}

/** An archive image (thumbnail, channel art) that falls back to a neutral placeholder on error. */
export function FallbackImage({
  src,
  alt,
  className,
  fallbackClassName,
  loading = 'lazy',
}: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <span
        className={`image-fallback ${fallbackClassName}`}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
      />
    );
  }
  return (
    <img src={src} alt={alt} className={className} loading={loading} onError={() => setFailedSrc(src)} />
  );
}
