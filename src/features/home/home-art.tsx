import { Trans, useLingui } from '@lingui/react/macro';
import { Detail } from '../../components/ui/detail';

export type ArtName = 'adaptive' | 'fast' | 'private' | 'perks' | 'trusted';

/** The tick before each selling point of the hero and the showcases. */
export function Check() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" className="home-check">
      <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.14" />
      <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** The hero's app mock-up: a connected status card. Hidden below 960 px. */
export function HeroVisual() {
  const { t } = useLingui();
  return (
    <div className="home-hero__visual" role="img" aria-label={t`Connection status: protected`}>
      <div className="home-status card">
        <div className="home-status__ring">
          <span className="home-status__dot" />
        </div>
        <p className="home-status__label">
          <Trans>Protected</Trans>
        </p>
        <dl className="home-status__stats">
          <div>
            <Detail term={<Trans>Latency</Trans>}>38 ms</Detail>
          </div>
          <div>
            <Detail term={<Trans>Download</Trans>}>412 Mbps</Detail>
          </div>
        </dl>
      </div>
    </div>
  );
}

const B = 'var(--c-brand)';
const BB = 'var(--c-brand-bright)';
const SOFT = 'var(--c-brand-soft)';
const NIGHT = 'var(--c-night)';
const ACCENT = 'var(--c-accent)';
const LINE = 'var(--c-line)';

function Art({ name }: { name: ArtName }) {
  switch (name) {
    case 'adaptive':
      // Three routes from a phone to the globe; the best one is lit.
      return (
        <>
          <circle cx="240" cy="110" r="54" fill={SOFT} stroke={B} strokeWidth="3" />
          <path
            d="M186 110h108M240 56c-20 18-20 90 0 108M240 56c20 18 20 90 0 108"
            fill="none"
            stroke={B}
            strokeWidth="2"
          />
          <rect x="40" y="70" width="50" height="84" rx="10" fill={NIGHT} />
          <rect x="47" y="80" width="36" height="58" rx="4" fill="#26304f" />
          <path
            d="M90 90c40-40 70-20 100 0"
            fill="none"
            stroke={LINE}
            strokeWidth="4"
            strokeDasharray="6 8"
          />
          <path
            d="M90 112c40 0 60 0 96 0"
            fill="none"
            stroke={BB}
            strokeWidth="5"
            strokeLinecap="round"
          />
          <path
            d="M90 134c40 40 70 20 100 0"
            fill="none"
            stroke={LINE}
            strokeWidth="4"
            strokeDasharray="6 8"
          />
          <circle cx="186" cy="112" r="7" fill={BB} />
        </>
      );
    case 'fast':
      // A speedometer near the top of its range.
      return (
        <>
          <path
            d="M80 160a80 80 0 0 1 160 0"
            fill="none"
            stroke={LINE}
            strokeWidth="18"
            strokeLinecap="round"
          />
          <path
            d="M80 160a80 80 0 0 1 140-53"
            fill="none"
            stroke={BB}
            strokeWidth="18"
            strokeLinecap="round"
          />
          <path d="M160 160l52-50" stroke={NIGHT} strokeWidth="6" strokeLinecap="round" />
          <circle cx="160" cy="160" r="12" fill={NIGHT} />
          <text x="160" y="205" textAnchor="middle" fontSize="24" fontWeight="800" fill={NIGHT}>
            412 Mbps
          </text>
        </>
      );
    case 'private':
      // A shield with a lock, surrounded by crossed-out log lines.
      return (
        <>
          <path
            d="M160 22l70 26v52c0 50-32 82-70 98-38-16-70-48-70-98V48z"
            fill={SOFT}
            stroke={B}
            strokeWidth="4"
          />
          <rect x="134" y="98" width="52" height="42" rx="6" fill={B} />
          <path d="M143 98V86a17 17 0 0 1 34 0v12" fill="none" stroke={B} strokeWidth="7" />
          <circle cx="160" cy="116" r="6" fill="#fff" />
          {[50, 80, 110].map((y) => (
            <g key={y}>
              <rect x="16" y={y} width="56" height="8" rx="4" fill={LINE} />
              <rect x="248" y={y + 14} width="56" height="8" rx="4" fill={LINE} />
            </g>
          ))}
          <path
            d="M12 40l64 90M244 54l64 90"
            stroke="var(--c-danger)"
            strokeWidth="4"
            strokeLinecap="round"
            opacity="0.7"
          />
        </>
      );
    case 'perks':
      // A membership card with a star, a play button and a spark.
      return (
        <>
          <rect x="60" y="40" width="200" height="124" rx="16" fill={NIGHT} />
          <rect x="60" y="40" width="200" height="124" rx="16" fill="url(#perk-glow)" />
          <path d="M100 76l7 14 15 2-11 10 3 15-14-7-14 7 3-15-11-10 15-2z" fill={BB} />
          <rect x="140" y="80" width="90" height="10" rx="5" fill="#3b4670" />
          <rect x="140" y="100" width="60" height="10" rx="5" fill="#3b4670" />
          <circle cx="110" cy="190" r="22" fill={SOFT} stroke={B} strokeWidth="3" />
          <path d="M104 180v20l16-10z" fill={B} />
          <circle cx="210" cy="190" r="22" fill={SOFT} stroke={ACCENT} strokeWidth="3" />
          <path d="M210 176l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill={ACCENT} />
          <defs>
            <linearGradient id="perk-glow" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#e8590c" stopOpacity="0.35" />
              <stop offset="1" stopColor="#2343d6" stopOpacity="0.25" />
            </linearGradient>
          </defs>
        </>
      );
    default:
      // An uptime bar chart, all green, and a chat bubble.
      return (
        <>
          <rect
            x="40"
            y="40"
            width="200"
            height="130"
            rx="14"
            fill="var(--c-surface)"
            stroke={LINE}
            strokeWidth="2"
          />
          {Array.from({ length: 12 }, (_, i) => (
            <rect
              key={i}
              x={56 + i * 14.5}
              y="100"
              width="9"
              height="48"
              rx="3"
              fill="var(--c-ok)"
              opacity={i === 7 ? 0.7 : 1}
            />
          ))}
          <text x="56" y="80" fontSize="22" fontWeight="800" fill={NIGHT}>
            99.999%
          </text>
          <path
            d="M220 150h70a12 12 0 0 1 12 12v34a12 12 0 0 1-12 12h-40l-18 14v-14h-12a12 12 0 0 1-12-12v-34a12 12 0 0 1 12-12z"
            fill={B}
          />
          <text x="255" y="186" textAnchor="middle" fontSize="20" fontWeight="800" fill="#fff">
            24/7
          </text>
        </>
      );
  }
}

/** The illustration of a home section: decorative, the section's heading says what it shows. */
export function SectionArt({ name }: { name: ArtName }) {
  return (
    <svg className="home-art" viewBox="0 0 320 230" width="320" height="230" aria-hidden="true">
      <Art name={name} />
    </svg>
  );
}
