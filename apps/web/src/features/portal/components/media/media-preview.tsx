// How a library file is shown: MediaPreview for detail views (an image with its WebP widths as srcset, a video with
// the browser's controls, loading only its metadata until played) and MediaThumb for lists and fields (the small
// thumbnail, or a video's icon and name).
import { VideoCameraOutlined } from '@ant-design/icons';
import type { MediaSummary } from '@tfb/contract';
import './media.css';

/** The srcset of an image: its WebP widths, then the original at its own width. */
export function srcSetOf(media: MediaSummary): string | undefined {
  const entries = media.variants.map((v) => `${v.url} ${v.width}w`);
  if (media.width) entries.push(`${media.url} ${media.width}w`);
  return entries.length > 1 ? entries.join(', ') : undefined;
}

export function MediaPreview({ media }: { media: MediaSummary }) {
  if (media.kind === 'video') {
    return (
      <video
        className="media-preview media-preview--video"
        controls
        preload="metadata"
        src={media.url}
        aria-label={media.alt || media.fileName}
      >
        {media.fileName}
      </video>
    );
  }
  // The widest variant as the fallback source: the original may be large (up to 10 MB).
  const src = media.variants.at(-1)?.url ?? media.url;
  return (
    <img
      className="media-preview media-preview--image"
      src={src}
      srcSet={srcSetOf(media)}
      sizes="(max-width: 480px) 100vw, 480px"
      alt={media.alt}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      loading="lazy"
      decoding="async"
    />
  );
}

export function MediaThumb({ media }: { media: MediaSummary }) {
  if (media.kind === 'video') {
    return (
      <span className="media-thumb media-thumb--video" aria-hidden="true">
        <VideoCameraOutlined />
      </span>
    );
  }
  return <img className="media-thumb" src={media.thumbUrl ?? media.url} alt={media.alt} loading="lazy" decoding="async" />;
}
