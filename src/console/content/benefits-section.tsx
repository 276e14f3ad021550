import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  BENEFIT_LIMITS,
  benefitFields,
  consoleBenefitCreate,
  consoleBenefitUpdate,
  type ConsoleBenefit,
} from '../../../contract/endpoints/console-content';
import type { DataColumn } from '../../components/ui/data-table';
import { CheckField } from '../../components/ui/check-field';
import { TextField } from '../../components/ui/text-field';
import { consoleCall } from '../api/console-client';
import { benefitsQuery } from '../api/console-queries';
import { actionsColumn } from '../console-table';
import {
  ChangeButton,
  ContentFormCard,
  ContentListSection,
  useContentList,
  type ContentFormProps,
} from './content-list';
import { useContentForm } from './use-content-form';
import { LanguageFieldsets } from './language-fieldset';
import { SmallButton } from '../small-button';

interface Draft {
  titleEn: string;
  titleZh: string;
  descriptionEn: string;
  descriptionZh: string;
  account: string;
  password: string;
  link: string;
  sort: string;
  active: boolean;
}

const EMPTY: Draft = {
  titleEn: '',
  titleZh: '',
  descriptionEn: '',
  descriptionZh: '',
  account: '',
  password: '',
  link: '',
  sort: '0',
  active: true,
};

const draftOf = (b: ConsoleBenefit): Draft => ({
  titleEn: b.titleEn,
  titleZh: b.titleZh,
  descriptionEn: b.descriptionEn,
  descriptionZh: b.descriptionZh,
  account: b.account,
  password: b.password,
  link: b.link,
  sort: String(b.sort),
  active: b.active,
});

/** The form's fields as the contract takes them; the sort as typed, so a bad one is refused. */
const inputOf = (d: Draft) => ({ ...d, sort: d.sort.trim() === '' ? 0 : Number(d.sort) });

/** Adds a benefit, or changes the one being edited (the same checks as the server's). */
function BenefitForm({ editing, onSaved, onCancel }: ContentFormProps<ConsoleBenefit>) {
  const { draft, set, field, failure, pending, submit } = useContentForm<Draft>(
    editing ? draftOf(editing) : EMPTY,
  );
  const save = () =>
    submit(benefitFields, inputOf(draft), async (fields) => {
      if (editing) await consoleCall(consoleBenefitUpdate, { id: editing.id, ...fields });
      else await consoleCall(consoleBenefitCreate, fields);
      onSaved();
    });

  return (
    <ContentFormCard
      title={editing ? <Trans>Change benefit #{editing.id}</Trans> : <Trans>Add a benefit</Trans>}
      onSubmit={() => void save()}
      failure={failure}
      pending={pending}
      submit={editing ? <Trans>Save the changes</Trans> : <Trans>Add the benefit</Trans>}
      onCancel={editing ? onCancel : null}
    >
      <LanguageFieldsets
        english={{
          title: {
            label: <Trans>Name of the benefit (English)</Trans>,
            maxLength: BENEFIT_LIMITS.title,
            ...field('titleEn'),
          },
          text: {
            label: <Trans>Description (English, optional)</Trans>,
            maxLength: BENEFIT_LIMITS.description,
            ...field('descriptionEn'),
          },
        }}
        chinese={{
          title: {
            label: <Trans>Name of the benefit (Chinese)</Trans>,
            maxLength: BENEFIT_LIMITS.title,
            ...field('titleZh'),
          },
          text: {
            label: <Trans>Description (Chinese, optional)</Trans>,
            maxLength: BENEFIT_LIMITS.description,
            ...field('descriptionZh'),
          },
        }}
      />
      <div className="console-content__window">
        <TextField
          label={<Trans>Shared account</Trans>}
          {...field('account')}
          maxLength={BENEFIT_LIMITS.account}
          autoComplete="off"
        />
        <TextField
          label={<Trans>Its password</Trans>}
          {...field('password')}
          maxLength={BENEFIT_LIMITS.account}
          autoComplete="off"
          hint={<Trans>Yearly members see it on their benefits page.</Trans>}
        />
        <TextField
          label={<Trans>Link</Trans>}
          type="url"
          {...field('link')}
          autoComplete="off"
          hint={<Trans>Where members sign in: an https:// address.</Trans>}
        />
        <TextField
          label={<Trans>Position</Trans>}
          inputMode="numeric"
          {...field('sort')}
          hint={<Trans>Smaller numbers come first.</Trans>}
        />
      </div>
      <CheckField checked={draft.active} onChange={set('active')}>
        <Trans>Members see it</Trans>
      </CheckField>
    </ContentFormCard>
  );
}

/**
 * The yearly plan's benefits (SPEC §3 /user/benefits; docs/console.md "Content"): the list in the
 * order members see them, hidden ones too; add, change, hide and show again. The server audits each
 * change (the shared password redacted in the trail).
 */
export function BenefitsSection() {
  const { t, i18n } = useLingui();
  const list = useQuery(benefitsQuery);
  const { editing, edit, form, act, frame } = useContentList<ConsoleBenefit>(
    benefitsQuery.queryKey,
  );
  const chinese = i18n.locale.startsWith('zh');
  const titleOf = (b: ConsoleBenefit) => (chinese ? b.titleZh : b.titleEn);

  const toggle = (b: ConsoleBenefit) =>
    act(() => {
      const { id, createdAt: _createdAt, ...fields } = b;
      return consoleCall(consoleBenefitUpdate, { id, ...fields, active: !b.active });
    });

  const columns: DataColumn<ConsoleBenefit>[] = [
    { key: 'title', header: t`Title`, rowHeader: true, cell: titleOf },
    { key: 'account', header: t`Shared account`, cell: (b) => b.account },
    {
      key: 'link',
      header: t`Link`,
      cell: (b) => <code className="console-break">{b.link}</code>,
    },
    { key: 'sort', header: t`Position`, cell: (b) => b.sort },
    {
      key: 'shown',
      header: t`Members see it`,
      cell: (b) => (b.active ? t`Yes` : t`No, hidden`),
    },
    actionsColumn(t`Actions`, (b) => (
      <>
        <ChangeButton name={t`Change “${titleOf(b)}”`} onClick={() => edit(b)} />
        <SmallButton
          label={b.active ? t`Hide “${titleOf(b)}”` : t`Show “${titleOf(b)}”`}
          onClick={() => void toggle(b)}
        >
          {b.active ? <Trans>Hide</Trans> : <Trans>Show</Trans>}
        </SmallButton>
      </>
    )),
  ];

  return (
    <ContentListSection
      form={<BenefitForm key={editing?.id ?? 'new'} editing={editing} {...form} />}
      frame={frame}
      savedNote={<Trans>Saved. Yearly members see the benefits as listed.</Trans>}
      title={<Trans>Benefits of the yearly plan</Trans>}
      query={list}
      rows={list.data?.benefits}
      columns={columns}
      rowKey={(b) => b.id}
      empty={<Trans>No benefits yet.</Trans>}
    />
  );
}
