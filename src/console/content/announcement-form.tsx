import { Trans } from '@lingui/react/macro';
import {
  ANNOUNCEMENT_LIMITS,
  announcementFields,
  consoleAnnouncementCreate,
  consoleAnnouncementUpdate,
  type ConsoleAnnouncement,
} from '../../../contract/endpoints/console-content';
import { CheckField } from '../../components/ui/check-field';
import { TextField } from '../../components/ui/text-field';
import { consoleCall } from '../api/console-client';
import { ContentFormCard, type ContentFormProps } from './content-list';
import { LanguageFieldsets } from './language-fieldset';
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
}: ContentFormProps<ConsoleAnnouncement>) {
  const { draft, set, field, failure, pending, submit } = useContentForm<Draft>(
    editing ? draftOf(editing) : EMPTY,
  );
  const save = () => {
    const input = {
      ...draft,
      startsAt: fromLocalInput(draft.startsAt),
      endsAt: fromLocalInput(draft.endsAt),
    };
    return submit(announcementFields, input, async () => {
      if (editing) await consoleCall(consoleAnnouncementUpdate, { id: editing.id, ...input });
      else await consoleCall(consoleAnnouncementCreate, input);
      onSaved();
    });
  };

  return (
    <ContentFormCard
      title={
        editing ? (
          <Trans>Change announcement #{editing.id}</Trans>
        ) : (
          <Trans>Write an announcement</Trans>
        )
      }
      onSubmit={() => void save()}
      failure={failure}
      pending={pending}
      submit={editing ? <Trans>Save the changes</Trans> : <Trans>Publish</Trans>}
      onCancel={editing ? onCancel : null}
    >
      <LanguageFieldsets
        english={{
          title: {
            label: <Trans>Title (English)</Trans>,
            maxLength: ANNOUNCEMENT_LIMITS.title,
            ...field('titleEn'),
          },
          text: {
            label: <Trans>Text (English)</Trans>,
            maxLength: ANNOUNCEMENT_LIMITS.body,
            ...field('bodyEn'),
          },
        }}
        chinese={{
          title: {
            label: <Trans>Title (Chinese)</Trans>,
            maxLength: ANNOUNCEMENT_LIMITS.title,
            ...field('titleZh'),
          },
          text: {
            label: <Trans>Text (Chinese)</Trans>,
            maxLength: ANNOUNCEMENT_LIMITS.body,
            ...field('bodyZh'),
          },
        }}
      />
      <div className="console-content__window">
        <TextField
          label={<Trans>Starts (optional)</Trans>}
          type="datetime-local"
          {...field('startsAt')}
          hint={<Trans>Empty: at once.</Trans>}
        />
        <TextField
          label={<Trans>Ends (optional)</Trans>}
          type="datetime-local"
          {...field('endsAt')}
          hint={<Trans>Empty: until withdrawn.</Trans>}
        />
      </div>
      <CheckField checked={draft.banner} onChange={set('banner')}>
        <Trans>Also show it as a banner at the top of every page until dismissed</Trans>
      </CheckField>
    </ContentFormCard>
  );
}
