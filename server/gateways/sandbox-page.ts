/**
 * The sandbox gateway's checkout page: order number, product, amount, and Pay / Fail buttons, in
 * English or Chinese. Served with its own CSP: the one inline style is allowed by its hash.
 */
import { createHash } from 'node:crypto';
import type { ApiLanguage } from '../../contract';

export type SandboxPageState =
  'payable' | 'paid' | 'expired' | 'cancelled' | 'failed' | 'refunded' | 'not_found';

const TEXT = {
  en: {
    htmlLang: 'en',
    title: 'Sandbox checkout · Kestrel VPN',
    heading: 'Sandbox checkout',
    note: 'Test payments only: no money moves. Choose how this payment ends.',
    order: 'Order',
    product: 'Product',
    amount: 'Amount',
    pay: 'Pay',
    fail: 'Fail',
    back: 'View the order',
    state: {
      paid: 'This order is already paid.',
      expired: 'This order has expired and can no longer be paid.',
      cancelled: 'This order was cancelled.',
      failed: 'This payment failed.',
      refunded: 'This order was refunded.',
      not_found: 'Order not found.',
    },
  },
  zh_CN: {
    htmlLang: 'zh-CN',
    title: '沙盒收银台 · 红隼 VPN',
    heading: '沙盒收银台',
    note: '仅用于测试付款，不会产生真实扣款。请选择本次付款的结果。',
    order: '订单号',
    product: '商品',
    amount: '金额',
    pay: '支付',
    fail: '支付失败',
    back: '查看订单',
    state: {
      paid: '该订单已支付。',
      expired: '该订单已过期，无法再支付。',
      cancelled: '该订单已取消。',
      failed: '本次支付失败。',
      refunded: '该订单已退款。',
      not_found: '未找到该订单。',
    },
  },
} as const;

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans SC","PingFang SC",sans-serif;color:#1a1d24;background:#f4f5f8}
main{box-sizing:border-box;max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.375rem;margin:0 0 .5rem}p{margin:0 0 1rem;color:#4a4f5c}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}dt{color:#4a4f5c}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
button,a.button{flex:1 1 8rem;min-height:44px;padding:.625rem 1rem;border-radius:8px;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
button.pay{background:#0b57d0;color:#fff;border:2px solid #0b57d0}button.fail{background:#fff;color:#a50e0e;border:2px solid #a50e0e}
a.button{display:flex;align-items:center;justify-content:center;box-sizing:border-box;background:#0b57d0;color:#fff;border:2px solid #0b57d0}
button:focus-visible,a:focus-visible{outline:3px solid #f9ab00;outline-offset:2px}
.status{padding:.75rem 1rem;border-radius:8px;background:#eef1f6;color:#1a1d24;font-weight:600}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}`;

/**
 * The page's own icon, inline: without a `<link rel="icon">` the browser asks for /favicon.ico,
 * which does not exist (issue 19; DESIGN §7: no request for a missing file). A gateway's page brings
 * its own; `SANDBOX_IMG_SRC` lets the page's CSP allow it.
 */
export const SANDBOX_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b57d0"/><rect x="6" y="10" width="20" height="13" rx="2" fill="#fff"/><rect x="6" y="13" width="20" height="3" fill="#0b57d0"/></svg>',
)}`;
export const SANDBOX_IMG_SRC = "img-src 'self' data:";

export const SANDBOX_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function formatAmount(amount: number, currency: string, language: ApiLanguage): string {
  return new Intl.NumberFormat(language === 'zh_CN' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency,
  }).format(amount / 100);
}

/**
 * SPEC §9's language rule for a page without a stored choice: `?lang=`, then the checkout's
 * language, then English when the browser's languages include English, else Chinese.
 */
export function pageLanguage(
  query: string | undefined,
  stored: ApiLanguage | undefined,
  acceptLanguage: string | undefined,
): ApiLanguage {
  const asked = query?.trim().toLowerCase();
  if (asked === 'en') return 'en';
  if (asked === 'zh' || asked === 'zh_cn' || asked === 'zh-cn') return 'zh_CN';
  if (stored) return stored;
  if (acceptLanguage !== undefined && /(^|[\s,])en([-_;,]|$)/i.test(acceptLanguage)) return 'en';
  return 'zh_CN';
}

export function renderSandboxPage(input: {
  language: ApiLanguage;
  state: SandboxPageState;
  orderNo: string;
  product?: string;
  amount?: string;
  actionUrl: string;
  returnUrl: string | undefined;
}): string {
  const t = TEXT[input.language];
  const details =
    input.state === 'not_found'
      ? ''
      : `<dl><dt>${t.order}</dt><dd>${escapeHtml(input.orderNo)}</dd>
<dt>${t.product}</dt><dd>${escapeHtml(input.product ?? '')}</dd>
<dt>${t.amount}</dt><dd>${escapeHtml(input.amount ?? '')}</dd></dl>`;
  const body =
    input.state === 'payable'
      ? `<form method="post" action="${escapeHtml(input.actionUrl)}" class="actions">
<button type="submit" name="outcome" value="paid" class="pay">${t.pay}</button>
<button type="submit" name="outcome" value="failed" class="fail">${t.fail}</button>
</form>`
      : `<p class="status" role="status">${t.state[input.state]}</p>${
          input.returnUrl
            ? `<div class="actions"><a class="button" href="${escapeHtml(input.returnUrl)}">${t.back}</a></div>`
            : ''
        }`;
  return `<!doctype html>
<html lang="${t.htmlLang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="${SANDBOX_ICON}" type="image/svg+xml">
<title>${t.title}</title>
<style>${STYLE}</style></head>
<body><main><h1>${t.heading}</h1>${input.state === 'payable' ? `<p>${t.note}</p>` : ''}${details}${body}</main></body></html>`;
}
