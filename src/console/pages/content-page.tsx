import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ANNOUNCEMENT_LIMITS,
  announcementFields,
  consoleAnnouncementCreate,
  consoleAnnouncementDelete,
  consoleAnnouncementUpdate,
  consoleAnnouncementWithdraw,
  consoleLinksUpdate,
  externalLinkField,
  linkTargetField,
  type AnnouncementState,
  type SiteLinks,
  type ConsoleAnnouncement,
} from '../../../contract/endpoints/console';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { type DataColumn } from '../../components/ui/data-table';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { ErrorNotice } from '../../components/error-notice';
import { useDateTime } from '../../components/formats';
import { TitledCard } from '../../components/titled-card';
import { useErrorText } from '../../i18n/use-error-text';
import { errorCodeOf } from '../../lib/api-error';
import { emailField } from '../../../contract/validation';
import { linkLabel } from '../../app/layout/link-labels';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { announcementsQuery, siteLinksQuery } from '../api/console-queries';
import { BenefitsSection } from '../content/benefits-section';
import { useContentForm } from '../content/use-content-form';
import { Permitted } from '../console-forbidden';
import { ConsoleTable, Loading, ReadFailure, actionsColumn } from '../console-table';
import '../../components/ui/badge.css';
import { LanguageFieldset } from '../content/language-fieldset';

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

function StateBadge({ state }: { state: AnnouncementState }) {
  switch (state) {
    case 'live':
      return (
        <span className="badge badge--ok">
          <Trans>Live</Trans>
        </span>
      );
    case 'scheduled':
      return (
        <span className="badge badge--warn">
          <Trans>Scheduled</Trans>
        </span>
      );
    case 'ended':
      return (
        <span className="badge badge--muted">
          <Trans>Ended</Trans>
        </span>
      );
    default:
      return (
        <span className="badge badge--muted">
          <Trans>Withdrawn</Trans>
        </span>
      );
  }
}

function AnnouncementForm({
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
        {failure !== null && <ErrorNotice className="console-alert" code={failure} />}
        <div className="console-content__buttons">
          <SubmitButton pending={pending}>
            {editing ? <Trans>Save the changes</Trans> : <Trans>Publish</Trans>}
          </SubmitButton>
          {editing && (
            <button type="button" className="btn btn-secondary" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </button>
          )}
        </div>
      </form>
    </TitledCard>
  );
}

type PendingAction = { kind: 'withdraw' | 'delete'; announcement: ConsoleAnnouncement };

function ContentSection() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const dateTime = useDateTime();
  const list = useQuery(announcementsQuery);
  const [editing, setEditing] = useState<ConsoleAnnouncement | null>(null);
  const [action, setAction] = useState<PendingAction | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);
  const chinese = i18n.locale.startsWith('zh');

  const refresh = () => queryClient.invalidateQueries({ queryKey: announcementsQuery.queryKey });

  const confirm = async () => {
    if (!action) return;
    const { id } = action.announcement;
    setPending(true);
    setFailure(null);
    try {
      if (action.kind === 'withdraw') await consoleCall(consoleAnnouncementWithdraw, { id });
      else await consoleCall(consoleAnnouncementDelete, { id });
    } catch (refusal) {
      setFailure(errorCodeOf(refusal));
    } finally {
      setAction(null);
      setPending(false);
      void refresh();
    }
  };

  const titleOf = (a: ConsoleAnnouncement) => (chinese ? a.titleZh : a.titleEn);

  const columns: DataColumn<ConsoleAnnouncement>[] = [
    { key: 'title', header: t`Title`, rowHeader: true, cell: titleOf },
    { key: 'state', header: t`State`, cell: (a) => <StateBadge state={a.state} /> },
    {
      key: 'window',
      header: t`Shown`,
      cell: (a) => (
        <>
          {a.startsAt ? dateTime(a.startsAt) : dateTime(a.createdAt)}
          {' – '}
          {a.endsAt ? dateTime(a.endsAt) : t`until withdrawn`}
        </>
      ),
    },
    { key: 'banner', header: t`Banner`, cell: (a) => (a.banner ? t`Yes` : t`No`) },
    { key: 'reads', header: t`Read by`, cell: (a) => a.reads },
    actionsColumn(t`Actions`, (a) =>
      a.state === 'withdrawn' ? null : (
        <>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={t`Change “${titleOf(a)}”`}
            onClick={() => {
              setSaved(false);
              setEditing(a);
              formRef.current?.scrollIntoView({ block: 'start' });
            }}
          >
            <Trans>Change</Trans>
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={t`Withdraw “${titleOf(a)}”`}
            onClick={() => setAction({ kind: 'withdraw', announcement: a })}
          >
            <Trans>Withdraw</Trans>
          </button>
          {a.reads === 0 && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              aria-label={t`Delete “${titleOf(a)}”`}
              onClick={() => setAction({ kind: 'delete', announcement: a })}
            >
              <Trans>Delete</Trans>
            </button>
          )}
        </>
      ),
    ),
  ];

  return (
    <>
      <div ref={formRef}>
        <AnnouncementForm
          key={editing?.id ?? 'new'}
          editing={editing}
          onSaved={() => {
            setEditing(null);
            setSaved(true);
            void refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      </div>
      {saved && (
        <p role="status" className="console-content__saved">
          <Trans>Saved. Members see it from its start.</Trans>
        </p>
      )}
      {failure !== null && <ErrorNotice className="console-alert" code={failure} />}
      <TitledCard look="console-panel" title={<Trans>Announcements</Trans>}>
        <ConsoleTable
          query={list}
          rows={list.data?.announcements}
          columns={columns}
          rowKey={(a) => a.id}
          caption={<Trans>Announcements</Trans>}
          empty={<Trans>No announcements yet.</Trans>}
        />
      </TitledCard>
      {action?.kind === 'withdraw' && (
        <ConfirmDialog
          title={<Trans>Withdraw “{titleOf(action.announcement)}”?</Trans>}
          text={
            <Trans>
              Members no longer see it, nor its banner. It stays here and in the audit trail; it
              cannot be published again.
            </Trans>
          }
          confirmLabel={<Trans>Withdraw</Trans>}
          pending={pending}
          onCancel={() => setAction(null)}
          onConfirm={() => void confirm()}
        />
      )}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          title={<Trans>Delete “{titleOf(action.announcement)}”?</Trans>}
          text={
            <Trans>
              No member has read it yet. It is removed for good (the audit trail keeps its text).
            </Trans>
          }
          confirmLabel={<Trans>Delete</Trans>}
          pending={pending}
          onCancel={() => setAction(null)}
          onConfirm={() => void confirm()}
        />
      )}
    </>
  );
}

type LinkErrors = Record<string, number>;

/** The site's links (the display config's `links`): each one's address, the two contacts. */
function LinksForm({ initial, onSaved }: { initial: SiteLinks; onSaved: () => void }) {
  const { i18n } = useLingui();
  const errorText = useErrorText();
  const [links, setLinks] = useState<SiteLinks>(initial);
  const [errors, setErrors] = useState<LinkErrors>({});
  const [failure, setFailure] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const shown = (name: string) => (errors[name] === undefined ? null : errorText(errors[name]));

  const setHref = (list: 'more' | 'help', key: string, href: string) =>
    setLinks((l) => ({ ...l, [list]: l[list].map((e) => (e.key === key ? { ...e, href } : e)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    const found: LinkErrors = {};
    for (const list of ['more', 'help'] as const)
      for (const entry of links[list]) {
        const code = fieldError(linkTargetField, entry.href);
        if (code !== null) found[`${list}.${entry.key}`] = code;
      }
    const contact = fieldError(externalLinkField, links.affiliateContact);
    if (contact !== null) found.affiliateContact = contact;
    const email = fieldError(emailField, links.supportEmail);
    if (email !== null) found.supportEmail = email;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      setLinks(await consoleCall(consoleLinksUpdate, links));
      setSaved(true);
      onSaved();
    } catch (refusal) {
      setFailure(errorCodeOf(refusal));
    } finally {
      setPending(false);
    }
  };

  const group = (list: 'more' | 'help', legend: ReactNode) => (
    <fieldset className="console-content__language">
      <legend>{legend}</legend>
      {links[list].map((entry) => (
        <TextField
          key={entry.key}
          label={linkLabel((d) => i18n._(d), entry.key)}
          type="url"
          inputMode="url"
          value={entry.href}
          onChange={(href) => setHref(list, entry.key, href)}
          error={shown(`${list}.${entry.key}`)}
          autoComplete="off"
          spellCheck={false}
        />
      ))}
    </fieldset>
  );

  return (
    <TitledCard look="console-panel" title={<Trans>Links on the site</Trans>}>
      <form className="console-form" noValidate onSubmit={(e) => void submit(e)}>
        <p className="console-muted">
          <Trans>An https:// address, or a path on this site such as /faq.</Trans>
        </p>
        <div className="console-content__languages">
          {group('more', <Trans>Header menu “More”</Trans>)}
          {group('help', <Trans>Footer help centre</Trans>)}
        </div>
        <div className="console-content__window">
          <TextField
            label={<Trans>Affiliate contact</Trans>}
            type="url"
            inputMode="url"
            value={links.affiliateContact}
            onChange={(affiliateContact) => setLinks((l) => ({ ...l, affiliateContact }))}
            error={shown('affiliateContact')}
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            label={<Trans>Support e-mail</Trans>}
            type="email"
            value={links.supportEmail}
            onChange={(supportEmail) => setLinks((l) => ({ ...l, supportEmail }))}
            error={shown('supportEmail')}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        {failure !== null && <ErrorNotice className="console-alert" code={failure} />}
        <div className="console-content__buttons">
          <SubmitButton pending={pending}>
            <Trans>Save the links</Trans>
          </SubmitButton>
        </div>
        {saved && (
          <p role="status" className="console-content__saved">
            <Trans>Saved. The site shows the new links.</Trans>
          </p>
        )}
      </form>
    </TitledCard>
  );
}

function LinksSection() {
  const queryClient = useQueryClient();
  const links = useQuery(siteLinksQuery);
  if (links.isError) return <ReadFailure query={links} />;
  if (!links.data) return <Loading />;
  return (
    <LinksForm
      initial={links.data}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: siteLinksQuery.queryKey })}
    />
  );
}

/**
 * /admin/content (owner, content): announcements to members in both languages, the yearly plan's
 * benefits, the site's links.
 */
export default function ConsoleContentPage() {
  return (
    <Permitted permission="content.manage">
      <div className="console-page">
        <h1 className="console-page__title">
          <Trans>Content</Trans>
        </h1>
        <ContentSection />
        <BenefitsSection />
        <LinksSection />
      </div>
    </Permitted>
  );
}
