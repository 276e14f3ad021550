// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./StablecoinLedger.sol";

/// Like mainnet USDT (Tether's contract predates the final ERC-20): `transfer` and `transferFrom`
/// return nothing, so a caller whose ABI expects a bool fails to decode the answer.
contract NoReturnStablecoin is StablecoinLedger {
    constructor(string memory name_, string memory symbol_, uint8 decimals_)
        StablecoinLedger(name_, symbol_, decimals_)
    {}

    function transfer(address to, uint256 value) external {
        _move(msg.sender, to, value);
    }

    function approve(address spender, uint256 value) external {
        _approve(spender, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        _spendAllowanceAndMove(from, to, value);
    }
}
