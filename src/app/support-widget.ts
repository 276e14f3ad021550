/**
 * The chat-support widget loads only on the one host the display config names (SPEC §9): other
 * hosts (mirrors, test, local) must not open chats with the support team.
 */
let injected = false;

export function shouldLoadSupportWidget(configuredHost: string, currentHost: string): boolean {
  return configuredHost !== '' && configuredHost.toLowerCase() === currentHost.toLowerCase();
}

export function loadSupportWidget(
  widget: { host: string; scriptUrl: string },
  currentHost: string,
): void {
  if (injected || !widget.scriptUrl || !shouldLoadSupportWidget(widget.host, currentHost)) return;
  injected = true;
  const script = document.createElement('script');
  script.src = widget.scriptUrl;
  script.async = true;
  document.body.appendChild(script);
}
