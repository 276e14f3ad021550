-- The FAQ and the legal clauses as staff rewrote them in the console (issue 21, item 9;
-- docs/console.md "Content pages"). No row: the page shows its built-in text (Markdown in the SPA,
-- src/lib/page-texts/). A replacement is published in English and Chinese at once, so a page has
-- either both rows or none; restoring the built-in text deletes both. The audit trail keeps every
-- text published and restored, with the values before and after.
CREATE TABLE content_pages (
  page text NOT NULL CHECK (page IN ('faq', 'terms', 'privacy', 'canary')),
  language text NOT NULL CHECK (language IN ('en', 'zh_CN')),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 20000),
  updated_at timestamptz NOT NULL,
  -- Who published it; null when it came from the CLI.
  updated_by integer REFERENCES staff (id),
  PRIMARY KEY (page, language)
);
