/** The kestrel mark: a stylised falcon wing in the brand colour. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#e8590c" />
      <path d="M7 21c5-1 8-4 10-10 1 4 3 6 8 7-4 1-7 3-9 7-1-3-4-4-9-4z" fill="#fff" />
      <circle cx="19.5" cy="12.5" r="1.3" fill="#e8590c" />
    </svg>
  );
}
