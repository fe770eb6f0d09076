// The spinner shown while the first page loads (matches the one in index.html).
export function BootSplash() {
  return (
    <div className="boot-splash" aria-busy="true">
      <div className="boot-splash__ring" />
    </div>
  );
}
