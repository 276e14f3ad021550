-- Benefits are operator content shown on English and Chinese pages alike (issue 11, item 10: the
-- title stayed English on Chinese pages). title_zh / description_zh hold the Chinese text; `admin
-- benefits add` asks for both languages, `admin benefits translate` fills in rows from before.
-- Empty means "not translated yet": Chinese pages then show the English text. docs/account-area.md.
ALTER TABLE benefits ADD COLUMN title_zh text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE benefits ADD COLUMN description_zh text NOT NULL DEFAULT '';
