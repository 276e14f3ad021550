/**
 * Checks the payer proof of a quote (docs/crypto-pay.md, "The payer proves the wallet"): the
 * EIP-712 signature of contract/payer-proof.ts by the quote's payer address. A plain wallet's
 * signature is settled by recovering its signer (no RPC call); any other goes to viem's
 * `verifyTypedData` on the network's public client, where a contract wallet answers through
 * ERC-1271 (`isValidSignature`) and a wallet not deployed yet through ERC-6492.
 */
import {
  createPublicClient,
  fallback,
  http,
  isAddressEqual,
  recoverTypedDataAddress,
  type PublicClient,
} from 'viem';
import { payerProofTypedData, type PayerProofTerms } from '../../contract/payer-proof';
import { ChainUnavailableError, RPC_TIMEOUT_MS, perNetwork, type Hex } from './chain-reader';

/** valid; or signed by another key (a plain wallet's signature for someone else); or neither. */
export type ProofVerdict = 'valid' | 'wrong_signer' | 'invalid';

export interface ProofVerifiers {
  verify(
    network: { chainId: number; rpcUrls: readonly string[] },
    terms: PayerProofTerms,
    signature: Hex,
  ): Promise<ProofVerdict>;
}

export function createProofVerifiers(
  make: (chainId: number, rpcUrls: readonly string[]) => PublicClient = (_chainId, rpcUrls) =>
    createPublicClient({
      transport: fallback(
        rpcUrls.map((url) => http(url, { timeout: RPC_TIMEOUT_MS, retryCount: 1 })),
      ),
    }),
): ProofVerifiers {
  const clientFor = perNetwork(make);
  return {
    async verify(network, terms, signature) {
      const typedData = payerProofTypedData(terms);
      let signer: Hex | null = null;
      try {
        signer = await recoverTypedDataAddress({ ...typedData, signature });
      } catch {
        // Not a plain ECDSA signature: a contract wallet's, or garbage; the chain decides.
      }
      if (signer && isAddressEqual(signer, terms.payerAddress)) return 'valid';
      const client = clientFor(network.chainId, network.rpcUrls);
      let valid: boolean;
      try {
        // Why getCode first: viem reports an unreachable RPC during the ERC-1271/6492 call as an
        // invalid signature; the buyer should hear "try again" instead.
        await client.getCode({ address: terms.payerAddress });
        valid = await client.verifyTypedData({
          ...typedData,
          address: terms.payerAddress,
          signature,
        });
      } catch (error) {
        throw new ChainUnavailableError(network.chainId, error);
      }
      if (valid) return 'valid';
      return signer ? 'wrong_signer' : 'invalid';
    },
  };
}
