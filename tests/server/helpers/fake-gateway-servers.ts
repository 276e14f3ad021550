/**
 * Local stand-ins for Stripe's REST API and an EPay aggregator's API, on 127.0.0.1 (tests never
 * reach the internet). They record every request and answer like the real services do.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  readonly form: URLSearchParams;
}

export interface FakeServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

type Handler = (request: RecordedRequest) => { status: number; body: unknown };

async function serve(handler: Handler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(recorded);
      const { status, body } = handler(recorded);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface FakeStripe extends FakeServer {
  /** Checkout sessions by id, as Stripe would return them. */
  readonly sessions: Map<string, Record<string, unknown>>;
  pay(sessionId: string): Record<string, unknown>;
}

export async function fakeStripe(secretKey: string): Promise<FakeStripe> {
  const sessions = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, string>();
  let serial = 0;
  const server = await serve((request) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
      };
    }
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const existing = key ? byIdempotencyKey.get(key) : undefined;
      if (existing) return { status: 200, body: sessions.get(existing) };
      serial += 1;
      const id = `cs_test_${serial}${Date.now()}`;
      const f = request.form;
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(f.get('line_items[0][price_data][unit_amount]')),
        currency: f.get('line_items[0][price_data][currency]'),
        client_reference_id: f.get('client_reference_id'),
        metadata: { orderNo: f.get('metadata[orderNo]') },
        expires_at: Number(f.get('expires_at')),
        payment_intent: null,
      };
      sessions.set(id, session);
      if (key) byIdempotencyKey.set(key, id);
      return { status: 200, body: session };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && match) {
      const session = sessions.get(match[1]!);
      return session
        ? { status: 200, body: session }
        : {
            status: 404,
            body: { error: { type: 'invalid_request_error', message: 'No such session' } },
          };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      return {
        status: 200,
        body: {
          id: `re_${serial}`,
          object: 'refund',
          status: 'succeeded',
          amount: Number(request.form.get('amount')),
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } },
    };
  });
  return {
    ...server,
    sessions,
    pay(sessionId) {
      const session = sessions.get(sessionId)!;
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_${sessionId.slice(3)}`,
      });
      return session;
    },
  };
}

export interface FakeEpay extends FakeServer {
  /** Orders the aggregator has been paid for: out_trade_no -> { trade_no, money }. */
  readonly paid: Map<string, { trade_no: string; money: string }>;
  /** When set, api.php answers HTTP 502 (the aggregator is down). */
  down: boolean;
}

export async function fakeEpay(pid: string, key: string): Promise<FakeEpay> {
  const paid = new Map<string, { trade_no: string; money: string }>();
  const state = { down: false };
  const server = await serve((request) => {
    if (state.down) return { status: 502, body: { msg: 'bad gateway' } };
    const params = request.method === 'GET' ? request.query : request.form;
    const act = request.query.get('act');
    if (params.get('pid') !== pid || params.get('key') !== key) {
      return { status: 200, body: { code: -1, msg: 'KEY校验失败' } };
    }
    if (request.path === '/api.php' && act === 'order') {
      const outTradeNo = params.get('out_trade_no') ?? '';
      const found = paid.get(outTradeNo);
      if (!found) return { status: 200, body: { code: -1, msg: '订单号不存在' } };
      return {
        status: 200,
        body: {
          code: 1,
          msg: '查询订单号成功！',
          pid,
          out_trade_no: outTradeNo,
          status: 1,
          type: 'alipay',
          ...found,
        },
      };
    }
    if (request.path === '/api.php' && act === 'refund') {
      const found = paid.get(params.get('out_trade_no') ?? '');
      if (!found || found.money !== params.get('money'))
        return { status: 200, body: { code: -1, msg: '退款失败' } };
      return { status: 200, body: { code: 1, msg: '退款成功' } };
    }
    return { status: 404, body: { code: -1, msg: 'not found' } };
  });
  return {
    url: server.url,
    requests: server.requests,
    close: server.close,
    paid,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
  };
}
