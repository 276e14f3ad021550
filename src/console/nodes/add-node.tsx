import { useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { SS_METHODS, type NodeProtocolName } from '../../../contract/nodes';
import {
  consoleNodeAdd,
  nodeHostField,
  nodeNameField,
  nodePlansField,
  nodePortField,
  nodeSpecInput,
} from '../../../contract/endpoints/console';
import { Errors } from '../../../contract/errors';
import { SubmitButton } from '../../components/ui/submit-button';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { PlanName } from '../../components/formats';
import { TitledCard } from '../../components/titled-card';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { NameField, VerbatimField } from '../console-fields';
import { useFieldErrors } from '../use-field-errors';
import { PROTOCOL_NAMES } from './node-names';
import type { ShownToken } from './token-dialog';
import { RefusalNotice } from '../form-dialog';

type Fields = 'name' | 'protocol' | 'host' | 'port' | 'sni' | 'method' | 'planTypes';

/** The server's refusals that belong to one field: shown under it rather than above the form. */
const NODE_FIELD_OF: Readonly<Record<number, Fields>> = {
  [Errors.NODE_NAME_TAKEN.code]: 'name',
  [Errors.NODE_NAME_INVALID.code]: 'name',
  [Errors.NODE_PORT_INVALID.code]: 'port',
  [Errors.NODE_HOST_INVALID.code]: 'host',
};

/**
 * Adding a node: its name, protocol, address, TLS server name or cipher, and the plans it serves.
 * The answer (its token and the agents' settings) goes to `onAdded`, to be shown once.
 */
export function AddNode({ onAdded }: { onAdded: (shown: ShownToken) => void }) {
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
      <RefusalNotice failure={act.failure} />
      <form className="console-form console-node-form" noValidate onSubmit={(e) => void submit(e)}>
        <NameField value={name} onChange={setName} error={shown('name')} />
        <SelectField
          label={<Trans>Protocol</Trans>}
          value={protocol}
          onChange={(value) => value && setProtocol(value)}
          options={(Object.keys(PROTOCOL_NAMES) as NodeProtocolName[]).map((p) => ({
            value: p,
            label: PROTOCOL_NAMES[p],
          }))}
        />
        <VerbatimField
          label={<Trans>Host</Trans>}
          value={host}
          onChange={setHost}
          error={shown('host')}
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
          <VerbatimField
            label={<Trans>TLS server name</Trans>}
            value={sni}
            onChange={setSni}
            error={shown('sni')}
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
