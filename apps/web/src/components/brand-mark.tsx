// The product mark (the same drawing as public/favicon.svg), inline so it never waits for a download.
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill="#1668dc" />
      <path d="M8 21.5 13.5 11l4.2 7.4 2.6-4.4L24 21.5z" fill="#fff" />
    </svg>
  );
}
