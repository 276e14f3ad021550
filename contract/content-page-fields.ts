/**
 * The checked fields of the content pages' endpoints (contract/content-pages.ts), apart from the
 * page names so that the SPA's entry, which needs the names, never loads the error catalogue.
 */
import { z } from 'zod';
import { requiredText } from './validation';
import { Errors } from './errors';
import { CONTENT_PAGE_LIMITS, CONTENT_PAGES } from './content-pages';

/** A content page's name; any other is CONTENT_PAGE_UNKNOWN. */
export const contentPageField = z.enum(CONTENT_PAGES, String(Errors.CONTENT_PAGE_UNKNOWN.code));

/** A replacement's text in one language: Markdown, trimmed, required, at most the limit. */
export const contentPageBodyField = requiredText(
  Errors.CONTENT_PAGE_BODY_REQUIRED,
  CONTENT_PAGE_LIMITS.body,
  Errors.CONTENT_PAGE_BODY_TOO_LONG,
);
