import type { ClientPlatform } from '../../../contract/enums';

const PATHS: Record<ClientPlatform, string> = {
  // A phone and a tablet.
  IOS: 'M5 3h8a2 2 0 012 2v14a2 2 0 01-2 2H5a2 2 0 01-2-2V5a2 2 0 012-2zm3 15h2M17 8h3a1 1 0 011 1v10a1 1 0 01-1 1h-3',
  // The Android robot's head.
  ANDROID:
    'M5 16V11a7 7 0 0114 0v5a1 1 0 01-1 1H6a1 1 0 01-1-1zM7 5L5.5 3M17 5l1.5-2M9 10h.01M15 10h.01M5 19h14',
  // A laptop.
  MAC: 'M5 5h14a1 1 0 011 1v9H4V6a1 1 0 011-1zM2 18h20',
  // The four panes.
  WINDOWS: 'M3 5l8-1v8H3zM13 4l8-1v9h-8zM3 13h8v7l-8-1zM13 13h8v8l-8-1z',
};

export function PlatformIcon({ platform }: { platform: ClientPlatform }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      className="platform-icon"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[platform]} />
    </svg>
  );
}
