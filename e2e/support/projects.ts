/**
 * Tags that keep a test to one of the two journey projects (playwright.config.ts). The machine
 * paths carry them alternately: a path proves a transition whatever the language, so each runs
 * once, and between them the paths walk every machine in both languages and at both widths.
 */
export const ONE_PROJECT_TAGS = { en: '@en-1440-only', zh: '@zh-390-only' } as const;

/** A project's `grepInvert`: the tests kept to the other project. */
export const onlyIn = (tag: string) => new RegExp(tag);
