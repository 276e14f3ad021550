/**
 * The errors the app shell itself needs before (or without) the API layer: the session machine's
 * "log in first" and "server error", and the message shown when the SPA's own code or language
 * catalog failed to load. Kept apart from the full catalogue (errors.ts, which includes them) so the
 * entry chunk carries these three instead of every message of the product.
 */
export const INTERNAL = {
  code: 1099,
  en: 'Server error. Please try again later.',
  zh_CN: '服务器错误，请稍后再试。',
} as const;

export const UNAUTHORIZED = { code: 401, en: 'Please log in first.', zh_CN: '请先登录。' } as const;

export const PAGE_LOAD_FAILED = {
  code: 1502,
  en: 'Part of the site could not be loaded. Please check your connection and reload the page.',
  zh_CN: '网站的部分内容未能加载，请检查网络后重新加载页面。',
} as const;
