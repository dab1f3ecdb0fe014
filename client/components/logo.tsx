/** The Toy Rotation mark: a friendly toy block circled by a rotation arrow. */
export function Logo({ size = 36, title }: { size?: number; title?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role={title ? 'img' : undefined} aria-label={title} aria-hidden={title ? undefined : true}>
      <circle cx="32" cy="32" r="31" fill="#fbe6d9" />
      <path d="M52 24a22 22 0 0 0-38-6" fill="none" stroke="#2f6f62" strokeWidth="5" strokeLinecap="round" />
      <path d="m10 12 3 8 8-2" fill="none" stroke="#2f6f62" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M12 40a22 22 0 0 0 38 6" fill="none" stroke="#2f6f62" strokeWidth="5" strokeLinecap="round" />
      <path d="m54 52-3-8-8 2" fill="none" stroke="#2f6f62" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="21" y="22" width="22" height="20" rx="4" fill="#a8491f" />
      <circle cx="27" cy="29" r="2.5" fill="#fff" />
      <circle cx="37" cy="29" r="2.5" fill="#fff" />
      <path d="M26 35q6 5 12 0" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
