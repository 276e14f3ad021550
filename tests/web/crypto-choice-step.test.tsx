/**
 * The crypto-pay page's network and token steps are one component, `ChoiceStep`
 * (src/features/store/crypto/crypto-pay-parts.tsx): one radio group under its legend, the chosen
 * card marked, every card locked together, a choice sent as its value.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChoiceStep } from '../../src/features/store/crypto/crypto-pay-parts';

afterEach(cleanup);

const NETWORKS = [
  { chainId: 1, name: 'Ethereum' },
  { chainId: 56, name: 'BNB Smart Chain' },
] as const;

function step(value: number | null, disabled: boolean, onSelect: (chainId: number) => void) {
  return render(
    <ChoiceStep
      legend="1. Network"
      group="crypto-network"
      choices={NETWORKS}
      valueOf={(n) => n.chainId}
      value={value}
      disabled={disabled}
      onSelect={onSelect}
    >
      {(n) => <span className="method-option__name">{n.name}</span>}
    </ChoiceStep>,
  );
}

describe('ChoiceStep', () => {
  it('is one radio group under its legend, the chosen card marked', () => {
    step(56, false, () => undefined);
    const group = screen.getByRole('group', { name: '1. Network' });
    const radios = screen.getAllByRole<HTMLInputElement>('radio');
    expect(group.contains(radios[0]!)).toBe(true);
    expect(radios.map((r) => r.name)).toEqual(['crypto-network', 'crypto-network']);
    expect(radios.map((r) => r.checked)).toEqual([false, true]);
    const bnb = screen.getByRole('radio', { name: 'BNB Smart Chain' });
    expect(bnb.closest('label')?.className).toBe('method-option card is-selected');
    const eth = screen.getByRole('radio', { name: 'Ethereum' });
    expect(eth.closest('label')?.className).toBe('method-option card');
  });

  it('sends the value of the card chosen', () => {
    const onSelect = vi.fn();
    step(null, false, onSelect);
    expect(screen.getAllByRole<HTMLInputElement>('radio').some((r) => r.checked)).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'BNB Smart Chain' }));
    expect(onSelect).toHaveBeenCalledWith(56);
  });

  it('locks every card together', () => {
    step(1, true, () => undefined);
    expect(screen.getAllByRole<HTMLInputElement>('radio').map((r) => r.disabled)).toEqual([
      true,
      true,
    ]);
  });
});
