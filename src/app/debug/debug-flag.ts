/** `?debug=666` opens the in-page debug console (SPEC §2); the value is remembered for the tab. */
export const DEBUG_PARAM = 'debug';
export const DEBUG_VALUE = '666';
const FLAG = 'kestrel:debug';

export function isDebugRequested(): boolean {
  try {
    if (new URLSearchParams(window.location.search).get(DEBUG_PARAM) === DEBUG_VALUE) {
      window.sessionStorage.setItem(FLAG, '1');
      return true;
    }
    return window.sessionStorage.getItem(FLAG) === '1';
  } catch {
    return false;
  }
}
