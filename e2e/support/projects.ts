/**
 * Which project runs a test (playwright.config.ts). The full language x viewport matrix is for tests
 * of layout, tagged `@layout`. Every other test runs once, in one of the two journey projects,
 * en-1440 or zh-390: a journey proves what the product does, not a language (the strict catalogue
 * compile proves every string has its Chinese; the @layout tests look at every page in both
 * languages at both widths). A spec's tests alternate between the two, so each area's journeys walk
 * both languages and both widths; the machine paths alternate the same way (path-runner.ts).
 */
export const ONE_PROJECT_TAGS = { en: '@en-1440-only', zh: '@zh-390-only' } as const;

/** A test's details that keep it to one journey project: `test(title, ONE_PROJECT.zh, body)`. */
export const ONE_PROJECT = {
  en: { tag: ONE_PROJECT_TAGS.en },
  zh: { tag: ONE_PROJECT_TAGS.zh },
} as const;

/**
 * A journey declared once in each language, each in its own journey project, the language in its
 * title: `for (const [language, project] of EACH_LANGUAGE) test(`… (${language})`, project, body)`.
 */
export const EACH_LANGUAGE = [
  ['English', ONE_PROJECT.en],
  ['Chinese', ONE_PROJECT.zh],
] as const;

/** A project's `grepInvert`: the tests kept to the other project. */
export const onlyIn = (tag: string) => new RegExp(tag);

/** The journey project of the n-th test a loop declares: they alternate. */
export const alternateProject = (n: number) => (n % 2 === 0 ? ONE_PROJECT.en : ONE_PROJECT.zh);

/**
 * A test that changes what every visitor of the site reads (the FAQ's or a clause's text,
 * docs/web.md "Content pages"): it runs in projects of its own after every other test, one at a
 * time (playwright.config.ts), so no test reading those pages meets the change.
 */
export const SITE_TEXT_TAG = '@site-text';
