import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import type { Config } from 'wagmi';
import { watchConnection } from 'wagmi/actions';
import { cryptoPayMachine } from '../../../../machines/crypto-pay/crypto-pay.machine';
import type { CryptoOptions } from '../../../../machines/crypto-pay/crypto-pay.types';
import { actorInspection } from '../../../lib/inspector';
import { userInfoKey } from '../../../lib/queries/user-info';
import { ordersKey } from '../api/store-calls';
import {
  abandonCryptoQuote,
  fetchCryptoOptions,
  fetchCryptoStatus,
  proveCryptoQuote,
  requestCryptoQuote,
  submitCryptoPayment,
} from './api/crypto-calls';
import {
  connectWallet,
  currentWallet,
  sendTransfer,
  signPayerProof,
  switchNetwork,
} from './wallet';
import { createCryptoConfig } from './wagmi-config';

/** Made when the options arrive (its chains are the operator's networks), then kept. */
export interface ConfigHolder {
  config: Config | null;
  networks: CryptoOptions['networks'];
}

function need(holder: ConfigHolder): Config {
  if (!holder.config) throw new Error('crypto-pay: the wagmi config is made with the options');
  return holder.config;
}

/** The crypto-pay machine with the SPA's calls, the wallet (wagmi) and the way to /purchased. */
export function useCryptoPay(productId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const holder = useMemo<ConfigHolder>(() => ({ config: null, networks: [] }), []);
  const machine = useMemo(
    () =>
      cryptoPayMachine.provide({
        actors: {
          loadOptions: fromPromise(async ({ input }) => {
            const options = await fetchCryptoOptions({ productId: input.productId });
            if (options.networks.length > 0 && !holder.config) {
              holder.config = createCryptoConfig(options.networks);
              holder.networks = options.networks;
            }
            return options;
          }),
          connectWallet: fromPromise(({ input }) => connectWallet(need(holder), input.connectorId)),
          switchNetwork: fromPromise(({ input }) => {
            const network = holder.networks.find((n) => n.chainId === input.chainId);
            if (!network) throw new Error(`crypto-pay: network ${input.chainId} is not offered`);
            return switchNetwork(need(holder), network);
          }),
          requestQuote: fromPromise(({ input }) =>
            requestCryptoQuote({ ...input, idempotencyKey: crypto.randomUUID() }),
          ),
          signProof: fromPromise(({ input }) => signPayerProof(need(holder), input.quote)),
          proveQuote: fromPromise(({ input }) => proveCryptoQuote(input)),
          sendPayment: fromPromise(({ input }) =>
            sendTransfer(need(holder), input.quote, input.amount),
          ),
          submitPayment: fromPromise(({ input }) => submitCryptoPayment(input)),
          fetchStatus: fromPromise(({ input }) => fetchCryptoStatus(input)),
        },
        actions: {
          showResult: (_, params: { orderId: string }) => {
            void queryClient.invalidateQueries({ queryKey: userInfoKey });
            void queryClient.invalidateQueries({ queryKey: ordersKey });
            void navigate({ href: `/purchased?orderId=${encodeURIComponent(params.orderId)}` });
          },
          abandonQuote: (_, params: { orderId: string }) => {
            void abandonCryptoQuote(params.orderId).catch(() => {
              // Left pending, it expires with its quote; nothing for the buyer to do.
            });
          },
        },
      }),
    [holder, navigate, queryClient],
  );
  const [state, send, actor] = useMachine(machine, { ...actorInspection(), input: { productId } });

  const hasConfig = state.context.options !== null && holder.config !== null;
  // The wallet is the buyer's: its account or network may change in the wallet at any time.
  useEffect(() => {
    if (!hasConfig) return;
    const config = need(holder);
    let last = currentWallet(config);
    return watchConnection(config, {
      onChange(connection) {
        if (connection.status === 'connecting' || connection.status === 'reconnecting') return;
        const wallet = currentWallet(config);
        // Only a real change: the same wallet reported again would restart nothing but renders.
        if (wallet?.address === last?.address && wallet?.chainId === last?.chainId) return;
        last = wallet;
        actor.send({ type: 'WALLET_CHANGED', wallet });
      },
    });
  }, [actor, hasConfig, holder]);

  return { state, send, config: holder.config };
}
