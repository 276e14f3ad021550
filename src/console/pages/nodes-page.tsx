import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RecordPanel } from '../record-panel';
import { Trans, useLingui } from '@lingui/react/macro';
import { SS_METHODS, type NodeProtocolName } from '../../../contract/nodes';
import {
  consoleNodeAdd,
  consoleNodeRotateToken,
  consoleNodeSetEnabled,
  nodeHostField,
  nodeNameField,
  nodePlansField,
  nodePortField,
  nodeSpecInput,
  type AgentSettings,
  type ConsoleNode,
  type NodeHealth,
  type NodeRecord,
} from '../../../contract/endpoints/console';
import { Errors } from '../../../contract/errors';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyButton } from '../../components/ui/copy-button';
import { type DataColumn } from '../../components/ui/data-table';
import { Detail } from '../../components/ui/detail';
import { Modal } from '../../components/ui/modal';
import { SubmitButton } from '../../components/ui/submit-button';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { ErrorNotice } from '../../components/error-notice';
import { PlanName, useDateTime } from '../../components/formats';
import { TitledCard } from '../../components/titled-card';
import { formatBytes } from '../../i18n/intl-format';
import { errorCodeOf } from '../../lib/api-error';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY, nodeListQuery, nodeRecordQuery } from '../api/console-queries';
import { LineChart, type ChartSeries } from '../charts/line-chart';
import { Permitted } from '../console-forbidden';
import { useConsoleAct } from '../console-act';
import { ConsoleTable, openColumn } from '../console-table';
import { StepUpCancelled, useStepUp } from '../step-up';
import { useFieldErrors } from '../use-field-errors';
import '../../components/ui/badge.css';

const PROTOCOL_NAMES: Readonly<Record<NodeProtocolName, string>> = {
  vless: 'VLESS',
  trojan: 'Trojan',
  ss: 'Shadowsocks',
};

function HealthBadge({ health }: { health: NodeHealth }) {
  switch (health) {
    case 'online':
      return (
        <span className="badge badge--ok">
          <Trans>Online</Trans>
        </span>
      );
    case 'offline':
      return (
        <span className="badge badge--warn">
          <Trans>Offline</Trans>
        </span>
      );
    case 'never':
      return (
        <span className="badge badge--muted">
          <Trans>Never connected</Trans>
        </span>
      );
    case 'disabled':
      return (
        <span className="badge badge--muted">
          <Trans>Disabled</Trans>
        </span>
      );
  }
}

function Plans({ planTypes }: { planTypes: readonly number[] }) {
  return (
    <>
      {planTypes.map((plan, i) => (
        <span key={plan}>
          {i > 0 && ', '}
          <PlanName groupType={plan} />
        </span>
      ))}
    </>
  );
}

function useWhen() {
  const dateTime = useDateTime();
  return (iso: string | null) =>
    iso === null ? <span className="console-muted">—</span> : dateTime(iso);
}

/** The token and the agents' settings, shown this once: closing forgets them. */
function TokenDialog({
  answer,
  onClose,
}: {
  answer: { nodeId: number; name: string; token: string; settings: AgentSettings };
  onClose: () => void;
}) {
  const { t } = useLingui();
  const v2bxId = useId();
  const xrayrId = useId();
  return (
    <Modal
      title={<Trans>The token of node {answer.name}</Trans>}
      text={
        <Trans>
          Shown this once: only its hash is kept. Put it in the node’s agent now; if it is lost,
          rotate the token.
        </Trans>
      }
      className="console-token"
    >
      <div className="console-settings">
        <div className="console-settings__head">
          <h3 className="console-subtitle">
            <Trans>Token (ApiKey)</Trans>
          </h3>
          <CopyButton text={answer.token} aria-label={t`Copy the token`} />
        </div>
        <pre className="console-settings__text" tabIndex={0} aria-label={t`Token (ApiKey)`}>
          <code>{answer.token}</code>
        </pre>
        <div className="console-settings__head">
          <h3 className="console-subtitle" id={v2bxId}>
            <Trans>V2bX: one entry of “Nodes” in config.json</Trans>
          </h3>
          <CopyButton text={answer.settings.v2bx} aria-label={t`Copy the V2bX settings`} />
        </div>
        <pre className="console-settings__text" tabIndex={0} aria-labelledby={v2bxId}>
          <code>{answer.settings.v2bx}</code>
        </pre>
        <div className="console-settings__head">
          <h3 className="console-subtitle" id={xrayrId}>
            <Trans>XrayR: one entry of “Nodes” in config.yml</Trans>
          </h3>
          <CopyButton text={answer.settings.xrayr} aria-label={t`Copy the XrayR settings`} />
        </div>
        <pre className="console-settings__text" tabIndex={0} aria-labelledby={xrayrId}>
          <code>{answer.settings.xrayr}</code>
        </pre>
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          <Trans>I have saved the token</Trans>
        </button>
      </div>
    </Modal>
  );
}

type ShownToken = { nodeId: number; name: string; token: string; settings: AgentSettings };

type Fields = 'name' | 'protocol' | 'host' | 'port' | 'sni' | 'method' | 'planTypes';

/** The server's refusals that belong to one field: shown under it rather than above the form. */
const NODE_FIELD_OF: Readonly<Record<number, Fields>> = {
  [Errors.NODE_NAME_TAKEN.code]: 'name',
  [Errors.NODE_NAME_INVALID.code]: 'name',
  [Errors.NODE_PORT_INVALID.code]: 'port',
  [Errors.NODE_HOST_INVALID.code]: 'host',
};

function AddNode({ onAdded }: { onAdded: (shown: ShownToken) => void }) {
  const { check, claim, shown } = useFieldErrors<Fields>(NODE_FIELD_OF);
  const act = useConsoleAct([...CONSOLE_KEY, 'nodes'], claim);
  const [name, setName] = useState('');
  const [protocol, setProtocol] = useState<NodeProtocolName>('vless');
  const [host, setHost] = useState('');
  const [port, setPort] = useState('443');
  const [sni, setSni] = useState('');
  const [method, setMethod] = useState<string>(SS_METHODS[1]);
  const [plans, setPlans] = useState<(1 | 2)[]>([1, 2]);
  const ss = protocol === 'ss';

  const input = () => ({
    name,
    protocol,
    host,
    port: port.trim() === '' ? Number.NaN : Number(port),
    sni: ss ? null : sni,
    method: ss ? method : null,
    planTypes: plans,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check({
      name: fieldError(nodeNameField, name),
      protocol: null,
      host: fieldError(nodeHostField, host),
      port: fieldError(nodePortField, input().port),
      sni: !ss && sni.trim() !== '' ? fieldError(nodeHostField, sni) : null,
      method: null,
      planTypes: fieldError(nodePlansField, plans),
    });
    if (!valid) return;
    const whole = fieldError(nodeSpecInput, input());
    if (whole !== null) {
      act.setFailure({ code: whole });
      return;
    }
    await act.run(async () => {
      const answer = await consoleCall(consoleNodeAdd, input());
      onAdded({ ...answer, name: answer.node.name });
      setName('');
      setHost('');
      setSni('');
    });
  };

  const togglePlan = (plan: 1 | 2) =>
    setPlans((current) =>
      current.includes(plan) ? current.filter((p) => p !== plan) : [...current, plan].sort(),
    );

  return (
    <TitledCard look="console-panel" title={<Trans>Add a node</Trans>}>
      <p className="console-muted">
        <Trans>
          The node’s token is shown once, with settings for V2bX and XrayR to copy. You may be asked
          for a fresh code from your authenticator.
        </Trans>
      </p>
      {act.failure !== null && (
        <ErrorNotice className="console-alert" code={act.failure.code} data={act.failure.data} />
      )}
      <form className="console-form console-node-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label={<Trans>Name</Trans>}
          value={name}
          onChange={setName}
          error={shown('name')}
          autoComplete="off"
          maxLength={64}
        />
        <SelectField
          label={<Trans>Protocol</Trans>}
          value={protocol}
          onChange={(value) => value && setProtocol(value)}
          options={(Object.keys(PROTOCOL_NAMES) as NodeProtocolName[]).map((p) => ({
            value: p,
            label: PROTOCOL_NAMES[p],
          }))}
        />
        <TextField
          label={<Trans>Host</Trans>}
          value={host}
          onChange={setHost}
          error={shown('host')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={<Trans>The address members connect to: a host name or an IP.</Trans>}
        />
        <TextField
          label={<Trans>Port</Trans>}
          type="number"
          inputMode="numeric"
          min={1}
          max={65535}
          value={port}
          onChange={setPort}
          error={shown('port')}
          autoComplete="off"
        />
        {ss ? (
          <SelectField
            label={<Trans>Cipher</Trans>}
            value={method}
            onChange={(value) => value && setMethod(value)}
            options={SS_METHODS.map((m) => ({ value: m, label: m }))}
          />
        ) : (
          <TextField
            label={<Trans>TLS server name</Trans>}
            value={sni}
            onChange={setSni}
            error={shown('sni')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            hint={<Trans>Empty: the host.</Trans>}
          />
        )}
        <fieldset className="console-node-form__plans" aria-describedby={undefined}>
          <legend className="field__label">
            <Trans>Plans it serves</Trans>
          </legend>
          {([1, 2] as const).map((plan) => (
            <label key={plan} className="console-check">
              <input
                type="checkbox"
                checked={plans.includes(plan)}
                onChange={() => togglePlan(plan)}
              />{' '}
              <PlanName groupType={plan} />
            </label>
          ))}
          {shown('planTypes') !== null && (
            <p className="field__error" role="alert">
              {shown('planTypes')}
            </p>
          )}
        </fieldset>
        <SubmitButton pending={act.pending}>
          <Trans>Add the node</Trans>
        </SubmitButton>
      </form>
    </TitledCard>
  );
}

type Action = 'rotate' | 'disable' | 'enable';

function NodeActions({ node, onToken }: { node: ConsoleNode; onToken: (t: ShownToken) => void }) {
  const { t } = useLingui();
  const runWithStepUp = useStepUp();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<number | null>(null);

  const confirm = async () => {
    if (!action) return;
    setPending(true);
    setFailure(null);
    try {
      if (action === 'rotate') {
        const answer = await runWithStepUp(() =>
          consoleCall(consoleNodeRotateToken, { nodeId: node.id }),
        );
        onToken({ ...answer, name: node.name });
      } else {
        await consoleCall(consoleNodeSetEnabled, {
          nodeId: node.id,
          enabled: action === 'enable',
        });
      }
    } catch (refusal) {
      if (!(refusal instanceof StepUpCancelled)) setFailure(errorCodeOf(refusal));
    } finally {
      setPending(false);
      setAction(null);
      void queryClient.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'nodes'] });
    }
  };

  const dialog = (title: ReactNode, text: ReactNode, label: ReactNode) => (
    <ConfirmDialog
      title={title}
      text={text}
      confirmLabel={label}
      pending={pending}
      onCancel={() => setAction(null)}
      onConfirm={() => void confirm()}
    />
  );

  return (
    <>
      {failure !== null && <ErrorNotice className="console-alert" code={failure} />}
      <div className="console-actions" role="group" aria-label={t`Actions on this node`}>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => setAction('rotate')}
        >
          <Trans>Rotate the token</Trans>
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => setAction(node.enabled ? 'disable' : 'enable')}
        >
          {node.enabled ? <Trans>Disable the node</Trans> : <Trans>Enable the node</Trans>}
        </button>
      </div>
      {action === 'rotate' &&
        dialog(
          <Trans>Rotate the token of node {node.name}?</Trans>,
          <Trans>
            The old token stops working at once: the node serves nobody until its agent has the new
            one. You may be asked for a fresh code from your authenticator.
          </Trans>,
          <Trans>Rotate the token</Trans>,
        )}
      {action === 'disable' &&
        dialog(
          <Trans>Disable node {node.name}?</Trans>,
          <Trans>
            It leaves the members’ subscriptions and its agent gets no users: everyone on it is
            disconnected at the next pull.
          </Trans>,
          <Trans>Disable the node</Trans>,
        )}
      {action === 'enable' &&
        dialog(
          <Trans>Enable node {node.name}?</Trans>,
          <Trans>It is back in the subscriptions and serves its plans’ members again.</Trans>,
          <Trans>Enable the node</Trans>,
        )}
    </>
  );
}

function TrafficChart({ series }: { series: NodeRecord['series'] }) {
  const { t } = useLingui();
  const days = useMemo(() => series.map((d) => d.day), [series]);
  const lines = useMemo<ChartSeries[]>(
    () => [
      { label: t`Download`, values: series.map((d) => d.download), colour: '--c-brand' },
      { label: t`Upload`, values: series.map((d) => d.upload), colour: '--c-accent' },
    ],
    [series, t],
  );
  const any = series.some((d) => d.upload > 0 || d.download > 0);
  // A chart of zeros says nothing and its byte axis reads "0 B, 0 B, 1 B": the sentence says it.
  if (!any)
    return (
      <>
        <h3 className="console-subtitle">
          <Trans>Traffic per day, last 30 days (UTC)</Trans>
        </h3>
        <p className="console-muted">
          <Trans>The node has reported no traffic in the last 30 days.</Trans>
        </p>
      </>
    );
  return (
    <LineChart
      title={<Trans>Traffic per day, last 30 days (UTC)</Trans>}
      days={days}
      series={lines}
      format={formatBytes}
    />
  );
}

function NodePanel({
  nodeId,
  onClose,
  onToken,
}: {
  nodeId: number;
  onClose: () => void;
  onToken: (t: ShownToken) => void;
}) {
  const { t } = useLingui();
  const when = useWhen();
  const dateTime = useDateTime();
  const record = useQuery(nodeRecordQuery(nodeId));
  const node = record.data?.node;

  const onlineColumns: DataColumn<NodeRecord['online'][number]>[] = [
    { key: 'user', header: t`User ID`, rowHeader: true, cell: (u) => u.userId },
    { key: 'ips', header: t`IP addresses`, cell: (u) => u.ips.join(', ') },
    { key: 'seen', header: t`Last seen`, cell: (u) => dateTime(u.lastSeenAt) },
  ];
  const share = (part: { used: number; total: number }) =>
    part.total > 0
      ? `${formatBytes(part.used)} / ${formatBytes(part.total)}`
      : formatBytes(part.used);

  return (
    <RecordPanel
      title={node ? <Trans>Node {node.name}</Trans> : <Trans>Node {nodeId}</Trans>}
      back={<Trans>Back to the nodes</Trans>}
      onBack={onClose}
      query={record}
    >
      {(data) => (
        <>
          <dl className="console-details console-node-details">
            <Detail term={<Trans>Health</Trans>}>
              <HealthBadge health={data.node.health} />
            </Detail>
            <Detail term={<Trans>Protocol</Trans>}>
              {PROTOCOL_NAMES[data.node.protocol]}
              {data.node.method ? ` (${data.node.method})` : ''}
            </Detail>
            <Detail term={<Trans>Address</Trans>}>
              {data.node.host}:{data.node.port}
            </Detail>
            {data.node.sni && (
              <Detail term={<Trans>TLS server name</Trans>}>{data.node.sni}</Detail>
            )}
            <Detail term={<Trans>Plans</Trans>}>
              <Plans planTypes={data.node.planTypes} />
            </Detail>
            <Detail term={<Trans>Node ID</Trans>}>{data.node.id}</Detail>
            <Detail term={<Trans>Last contact</Trans>}>{when(data.node.lastContactAt)}</Detail>
            <Detail term={<Trans>Last user pull</Trans>}>{when(data.node.lastPullAt)}</Detail>
            <Detail term={<Trans>Last traffic push</Trans>}>{when(data.node.lastPushAt)}</Detail>
            <Detail term={<Trans>Online users</Trans>}>{data.node.onlineUsers}</Detail>
            <Detail term={<Trans>Online addresses</Trans>}>{data.node.onlineIps}</Detail>
            <Detail term={<Trans>Traffic this month</Trans>}>
              <Trans>
                Download {formatBytes(data.node.download)}, upload {formatBytes(data.node.upload)}
              </Trans>
            </Detail>
          </dl>
          <NodeActions node={data.node} onToken={onToken} />
          <h3 className="console-subtitle">
            <Trans>Status report</Trans>
          </h3>
          {data.status === null ? (
            <p className="console-muted">
              <Trans>The agent has sent no status report yet.</Trans>
            </p>
          ) : (
            <dl className="console-details console-node-details">
              <Detail term={<Trans>Reported</Trans>}>{when(data.node.statusAt)}</Detail>
              <Detail term={<Trans>CPU</Trans>}>{data.status.cpu}%</Detail>
              <Detail term={<Trans>Memory</Trans>}>{share(data.status.mem)}</Detail>
              <Detail term={<Trans>Swap</Trans>}>{share(data.status.swap)}</Detail>
              <Detail term={<Trans>Disk</Trans>}>{share(data.status.disk)}</Detail>
            </dl>
          )}
          <TrafficChart series={data.series} />
          <h3 className="console-subtitle">
            <Trans>Online now</Trans>
          </h3>
          <ConsoleTable
            rows={data.online}
            columns={onlineColumns}
            rowKey={(u) => u.userId}
            caption={<Trans>Members online on this node</Trans>}
            empty={<Trans>Nobody is online on this node.</Trans>}
          />
        </>
      )}
    </RecordPanel>
  );
}

function NodeList({ onOpen }: { onOpen: (nodeId: number) => void }) {
  const { t } = useLingui();
  const when = useWhen();
  const nodes = useQuery(nodeListQuery);
  const columns: DataColumn<ConsoleNode>[] = [
    { key: 'name', header: t`Name`, rowHeader: true, cell: (n) => n.name },
    { key: 'health', header: t`Health`, cell: (n) => <HealthBadge health={n.health} /> },
    {
      key: 'protocol',
      header: t`Protocol`,
      cell: (n) => PROTOCOL_NAMES[n.protocol],
    },
    {
      key: 'address',
      header: t`Address`,
      className: 'console-node-address',
      cell: (n) => `${n.host}:${n.port}`,
    },
    { key: 'contact', header: t`Last contact`, cell: (n) => when(n.lastContactAt) },
    { key: 'online', header: t`Online users`, cell: (n) => n.onlineUsers },
    {
      key: 'traffic',
      header: t`Traffic this month`,
      cell: (n) => formatBytes(n.upload + n.download),
    },
    openColumn(
      t`Actions`,
      (n) => t`Open node ${n.name}`,
      (n) => onOpen(n.id),
    ),
  ];
  return (
    <TitledCard look="console-panel" title={<Trans>All nodes</Trans>}>
      <p>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => void nodes.refetch()}
          disabled={nodes.isFetching}
        >
          <Trans>Refresh</Trans>
        </button>
      </p>
      <ConsoleTable
        query={nodes}
        rows={nodes.data?.nodes}
        columns={columns}
        rowKey={(n) => n.id}
        caption={<Trans>Nodes</Trans>}
        empty={<Trans>No node yet.</Trans>}
      />
    </TitledCard>
  );
}

function NodesSection() {
  const [open, setOpen] = useState<number | null>(null);
  const [token, setToken] = useState<ShownToken | null>(null);
  return (
    <>
      {open === null ? (
        <>
          <NodeList onOpen={setOpen} />
          <AddNode
            onAdded={(shown) => {
              setToken(shown);
              setOpen(shown.nodeId);
            }}
          />
        </>
      ) : (
        <NodePanel nodeId={open} onClose={() => setOpen(null)} onToken={setToken} />
      )}
      {token && <TokenDialog answer={token} onClose={() => setToken(null)} />}
    </>
  );
}

/** /admin/nodes (owners): the nodes' health and traffic; add, rotate a token, disable, enable. */
export default function ConsoleNodesPage() {
  return (
    <Permitted permission="nodes.manage">
      <div className="console-page console-nodes">
        <h1 className="console-page__title">
          <Trans>Nodes</Trans>
        </h1>
        <NodesSection />
      </div>
    </Permitted>
  );
}
