import { useState, useSyncExternalStore } from 'react';
import { onApiLog, recentApiCalls } from '../../lib/api-log';
import { apiBases, apiPrefix } from '../../lib/api-url';
import { appEnv } from '../../lib/env';
import { currentPlatform } from '../../lib/platform';
import { getDeviceId } from '../../lib/storage';
import { recentErrors, onErrorLog } from './error-log';
import './debug-console.css';

/**
 * A small in-page console for support sessions on phones, where no developer tools exist. It is a
 * separate chunk, loaded only with ?debug=666; its text is for engineers and stays in English.
 */
export default function DebugConsole() {
  const [open, setOpen] = useState(false);
  const calls = useSyncExternalStore(onApiLog, recentApiCalls);
  const errors = useSyncExternalStore(onErrorLog, recentErrors);
  const bases = apiBases(import.meta.env);
  const rows: [string, string][] = [
    ['env', appEnv],
    ['api', `${bases.api || window.location.origin}${apiPrefix(appEnv)}`],
    ['platform', currentPlatform()],
    ['deviceId', getDeviceId()],
    ['userAgent', navigator.userAgent],
  ];
  return (
    <aside className="debug-console" aria-label="Debug console" lang="en">
      <button
        type="button"
        className="debug-console__toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        debug
      </button>
      {open && (
        <div className="debug-console__panel">
          <dl>
            {rows.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <h2>API calls</h2>
          <ol>
            {calls.map((call) => (
              <li key={`${call.at}-${call.path}`}>
                {new Date(call.at).toLocaleTimeString()} {call.path} → {call.code ?? 'network'} (
                {Math.round(call.ms)} ms){call.error ? ` ${call.error}` : ''}
              </li>
            ))}
          </ol>
          <h2>Errors</h2>
          <ol>
            {errors.map((error) => (
              <li key={error.at}>
                {new Date(error.at).toLocaleTimeString()} {error.message}
              </li>
            ))}
          </ol>
        </div>
      )}
    </aside>
  );
}
