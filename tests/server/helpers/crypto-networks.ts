/**
 * A crypto network as an operator enters it in the console or in a networks file: BNB Chain, paying
 * to an EIP-55 checksummed address, its RPC URL with a secret in the path (which audit entries
 * leave out: only the host is recorded), and the address of its USDT contract.
 */
export const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const BNB_USDT = '0x55d398326f99059ff775485246999027b3197955';

export const BNB_CHAIN = {
  chainId: 56,
  name: 'BNB Chain',
  rpcUrls: ['https://bsc-dataseed.bnbchain.org/key/secret-path'],
  confirmations: 15,
  receivingAddress: WALLET,
  explorerUrl: 'https://bscscan.com',
  nativeSymbol: 'BNB',
};
