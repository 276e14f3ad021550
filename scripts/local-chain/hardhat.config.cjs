// The local chain's node (scripts/local-chain/local-chain.mjs starts it). It only serves JSON-RPC:
// nothing is compiled by hardhat (the stablecoins are compiled with solc-js), so it never fetches a
// compiler. Chain id and account count come from local-chain.mjs.
const cache = `${__dirname}/../../node_modules/.cache/kestrel-hardhat`;

module.exports = {
  networks: {
    hardhat: {
      chainId: Number(process.env.LOCAL_CHAIN_ID || 31337),
      accounts: { count: Number(process.env.LOCAL_CHAIN_ACCOUNTS || 20) },
      mining: { auto: true },
    },
  },
  // Hardhat's own folders stay out of the repository.
  paths: { sources: `${__dirname}/contracts`, cache, artifacts: `${cache}/artifacts` },
};
