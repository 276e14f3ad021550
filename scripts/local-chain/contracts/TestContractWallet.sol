// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A minimal smart-contract wallet for the tests (docs/crypto-pay.md, the payer proof): one owner
/// key; ERC-1271 `isValidSignature` accepts a hash the owner signed; `execute` lets the owner call
/// any contract from the wallet's address (a token transfer).
contract TestContractWallet {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function execute(address to, bytes calldata data) external returns (bytes memory) {
        require(msg.sender == owner, "not the owner");
        (bool ok, bytes memory result) = to.call(data);
        require(ok, "call failed");
        return result;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}
