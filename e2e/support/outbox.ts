/** What the dev outbox (GET /dev/outbox.json, outside PROD only) lists for one address. */
export interface OutboxMessage {
  id: string | number;
  channel: 'email' | 'phone';
  to: string;
  purpose: string;
  code: string;
  subject: string;
  text: string;
  sentAt: string;
}

export interface WaitOptions {
  /** Only a message for this purpose (`register`, `reset_password`). */
  purpose?: string;
  /** Ignore these message ids: take them from `list` before the action that sends the code. */
  exclude?: ReadonlyArray<string | number>;
  timeoutMs?: number;
}

/** Reads the codes the server "sent" by e-mail or SMS, as a person would read their inbox. */
export class Outbox {
  constructor(readonly baseURL: string) {}

  async list(to: string): Promise<OutboxMessage[]> {
    const res = await fetch(`${this.baseURL}/dev/outbox.json?to=${encodeURIComponent(to)}`);
    if (!res.ok) throw new Error(`GET /dev/outbox.json answered ${res.status}`);
    const { messages } = (await res.json()) as { messages: OutboxMessage[] };
    return messages;
  }

  /** The newest matching message, polling until one arrives (sending is asynchronous). */
  async waitForMessage(to: string, options: WaitOptions = {}): Promise<OutboxMessage> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    const excluded = new Set((options.exclude ?? []).map(String));
    for (;;) {
      const found = (await this.list(to)).find(
        (m) =>
          !excluded.has(String(m.id)) &&
          (options.purpose === undefined || m.purpose === options.purpose),
      );
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(`No ${options.purpose ?? ''} message for ${to} in the dev outbox`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Makes the server's resend cooldown for this address pass now (POST /dev/codes/pass-cooldown). */
  async passCooldown(to: string): Promise<void> {
    const res = await fetch(
      `${this.baseURL}/dev/codes/pass-cooldown?to=${encodeURIComponent(to)}`,
      { method: 'POST' },
    );
    if (!res.ok) throw new Error(`POST /dev/codes/pass-cooldown answered ${res.status}`);
  }

  async waitForCode(to: string, options: WaitOptions = {}): Promise<string> {
    return (await this.waitForMessage(to, options)).code;
  }
}
