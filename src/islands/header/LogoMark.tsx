/**
 * The institute's mark (public/logo.svg) drawn inline: an <img> inside an island makes React 19
 * emit an image preload link into the island's HTML, which then fails hydration.
 */
export default function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <circle cx="32" cy="32" r="30" fill="#0b3d91" />
      <circle cx="32" cy="32" r="24" fill="none" stroke="#f59e0b" strokeWidth="2.5" />
      <circle cx="32" cy="22" r="5" fill="#fff" />
      <circle cx="21" cy="30" r="4" fill="#fff" />
      <circle cx="43" cy="30" r="4" fill="#fff" />
      <path
        fill="#fff"
        d="M24 46c0-6 3.6-10 8-10s8 4 8 10z M14 44c0-5 3-8 7-8 2 0 3.4.7 4.4 1.8-1.6 2-2.4 4.4-2.6 6.2z M50 44c0-5-3-8-7-8-2 0-3.4.7-4.4 1.8 1.6 2 2.4 4.4 2.6 6.2z"
      />
    </svg>
  );
}
