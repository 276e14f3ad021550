import type { FormEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import {
  ANNOUNCEMENT_LIMITS,
  announcementFields,
  consoleAnnouncementCreate,
  consoleAnnouncementUpdate,
  type ConsoleAnnouncement,
} from '../../../contract/endpoints/console-content';
import { TextField } from '../../components/ui/text-field';
import { TitledCard } from '../../components/titled-card';
import { consoleCall } from '../api/console-client';
import { ContentFormEnd } from './content-list';
import { LanguageFieldset } from './language-fieldset';
import { useContentForm } from './use-content-form';

interface Draft {
  titleEn: string;
  titleZh: string;
  bodyEn: string;
  bodyZh: string;
  /** `datetime-local` values in the operator's time zone; empty for none. */
  startsAt: string;
  endsAt: string;
  banner: boolean;
}

const EMPTY: Draft = {
  titleEn: '',
  titleZh: '',
  bodyEn: '',
  bodyZh: '',
  startsAt: '',
  endsAt: '',
  banner: false,
};

/** `2027-01-04T09:30` (local) from an ISO moment, for a datetime-local input. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An ISO moment from a datetime-local value (the browser's time zone); an unreadable one stays as typed. */
function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

const draftOf = (a: ConsoleAnnouncement): Draft => ({
  titleEn: a.titleEn,
  titleZh: a.titleZh,
  bodyEn: a.bodyEn,
  bodyZh: a.bodyZh,
  startsAt: toLocalInput(a.startsAt),
  endsAt: toLocalInput(a.endsAt),
  banner: a.banner,
});

/** Writes an announcement, or changes the one being edited (the same checks as the server's). */
export function AnnouncementForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: ConsoleAnnouncement | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { draft, set, shown, failure, pending, submit } = useContentForm<Draft>(
    editing ? draftOf(editing) : EMPTY,
  );
  const save = (event: FormEvent) => {
    const input = {
      ...draft,
      startsAt: fromLocalInput(draft.startsAt),
      endsAt: fromLocalInput(draft.endsAt),
    };
    return submit(event, announcementFields, input, async () => {
      if (editing) await consoleCall(consoleAnnouncementUpdate, { id: editing.id, ...input });
      else await consoleCall(consoleAnnouncementCreate, input);
      onSaved();
    });
  };

  return (
    <TitledCard
      look="console-panel"
      title={
        editing ? (
          <Trans>Change announcement #{editing.id}</Trans>
        ) : (
          <Trans>Write an announcement</Trans>
        )
      }
    >
      <form className="console-form" noValidate onSubmit={(e) => void save(e)}>
        <div className="console-content__languages">
          <LanguageFieldset
            legend={<Trans>English</Trans>}
            lang="en"
            title={{
              label: <Trans>Title (English)</Trans>,
              value: draft.titleEn,
              onChange: set('titleEn'),
              error: shown('titleEn'),
              maxLength: ANNOUNCEMENT_LIMITS.title,
            }}
            text={{
              label: <Trans>Text (English)</Trans>,
              value: draft.bodyEn,
              onChange: set('bodyEn'),
              error: shown('bodyEn'),
              maxLength: ANNOUNCEMENT_LIMITS.body,
            }}
          />
          <LanguageFieldset
            legend={<Trans>Chinese</Trans>}
            lang="zh-CN"
            title={{
              label: <Trans>Title (Chinese)</Trans>,
              value: draft.titleZh,
              onChange: set('titleZh'),
              error: shown('titleZh'),
              maxLength: ANNOUNCEMENT_LIMITS.title,
            }}
            text={{
              label: <Trans>Text (Chinese)</Trans>,
              value: draft.bodyZh,
              onChange: set('bodyZh'),
              error: shown('bodyZh'),
              maxLength: ANNOUNCEMENT_LIMITS.body,
            }}
          />
        </div>
        <div className="console-content__window">
          <TextField
            label={<Trans>Starts (optional)</Trans>}
            type="datetime-local"
            value={draft.startsAt}
            onChange={set('startsAt')}
            error={shown('startsAt')}
            hint={<Trans>Empty: at once.</Trans>}
          />
          <TextField
            label={<Trans>Ends (optional)</Trans>}
            type="datetime-local"
            value={draft.endsAt}
            onChange={set('endsAt')}
            error={shown('endsAt')}
            hint={<Trans>Empty: until withdrawn.</Trans>}
          />
        </div>
        <label className="check">
          <span className="check__row">
            <input
              type="checkbox"
              checked={draft.banner}
              onChange={(event) => set('banner')(event.target.checked)}
            />
            <span>
              <Trans>Also show it as a banner at the top of every page until dismissed</Trans>
            </span>
          </span>
        </label>
        <ContentFormEnd
          failure={failure}
          pending={pending}
          submit={editing ? <Trans>Save the changes</Trans> : <Trans>Publish</Trans>}
          onCancel={editing ? onCancel : null}
        />
      </form>
    </TitledCard>
  );
}
