import './result-illustration.css';

export type ResultCode = 403 | 404 | 500;

/** The kestrel's wing from the logo, reused in every illustration. */
function Wing({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path
        d="M7 21c5-1 8-4 10-10 1 4 3 6 8 7-4 1-7 3-9 7-1-3-4-4-9-4z"
        fill="var(--c-brand-bright)"
      />
      <circle cx="19.5" cy="12.5" r="1.3" fill="#fff" />
    </g>
  );
}

function Backdrop() {
  return (
    <>
      <ellipse cx="120" cy="160" rx="96" ry="10" fill="var(--c-line)" />
      <circle cx="120" cy="86" r="70" fill="var(--c-brand-soft)" />
    </>
  );
}

/** 404: the route the signal took ends in the open, a pin with a question mark. */
function Lost() {
  return (
    <>
      <Backdrop />
      <path
        d="M40 140c30-10 30-50 70-50s40 40 80 20"
        fill="none"
        stroke="var(--c-ink-3)"
        strokeWidth="3"
        strokeDasharray="6 7"
        strokeLinecap="round"
      />
      <circle cx="40" cy="140" r="7" fill="var(--c-accent)" />
      <path
        d="M190 56a22 22 0 0 1 22 22c0 17-22 38-22 38s-22-21-22-38a22 22 0 0 1 22-22z"
        fill="var(--c-brand)"
      />
      <text x="190" y="86" textAnchor="middle" fontSize="24" fontWeight="700" fill="#fff">
        ?
      </text>
      <Wing x={86} y={34} scale={1.6} />
    </>
  );
}

/** 403: a shield with a padlock; the kestrel waits outside. */
function Forbidden() {
  return (
    <>
      <Backdrop />
      <path
        d="M120 28l48 18v36c0 34-22 56-48 68-26-12-48-34-48-68V46z"
        fill="var(--c-surface)"
        stroke="var(--c-brand)"
        strokeWidth="4"
      />
      <rect x="102" y="84" width="36" height="30" rx="5" fill="var(--c-brand)" />
      <path d="M108 84v-9a12 12 0 0 1 24 0v9" fill="none" stroke="var(--c-brand)" strokeWidth="5" />
      <circle cx="120" cy="97" r="4" fill="#fff" />
      <rect x="118" y="99" width="4" height="8" rx="2" fill="#fff" />
      <Wing x={168} y={104} scale={1.3} />
    </>
  );
}

/** 500: a server with a pulled plug and a spark. */
function ServerError() {
  return (
    <>
      <Backdrop />
      <rect x="78" y="36" width="84" height="104" rx="10" fill="var(--c-night)" />
      {[52, 82, 112].map((y) => (
        <g key={y}>
          <rect x="88" y={y} width="64" height="20" rx="4" fill="var(--c-night-2)" />
          <circle cx="100" cy={y + 10} r="3.5" fill={y === 82 ? 'var(--c-danger)' : '#4ade80'} />
          <rect x="110" y={y + 8} width="32" height="4" rx="2" fill="#3b4670" />
        </g>
      ))}
      <path d="M162 120c20 0 20 24 44 24" fill="none" stroke="var(--c-ink-3)" strokeWidth="4" />
      <rect x="200" y="136" width="16" height="14" rx="3" fill="var(--c-ink-2)" />
      <path
        d="M178 98l8-14 4 10 8-12"
        fill="none"
        stroke="var(--c-brand-bright)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <Wing x={24} y={96} scale={1.3} />
    </>
  );
}

/** The result-page illustrations of SPEC §8, drawn for Kestrel. Decorative: the heading speaks. */
export function ResultIllustration({ code }: { code: ResultCode }) {
  return (
    <svg
      className="result-illustration"
      viewBox="0 0 240 176"
      width="240"
      height="176"
      aria-hidden="true"
      data-code={code}
    >
      {code === 404 ? <Lost /> : code === 403 ? <Forbidden /> : <ServerError />}
    </svg>
  );
}
