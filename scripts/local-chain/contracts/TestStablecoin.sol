// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./StablecoinLedger.sol";

/// A minimal ERC-20 for the local chain: `transfer` returns a bool, as USDC's does.
contract TestStablecoin is StablecoinLedger {
    constructor(string memory name_, string memory symbol_, uint8 decimals_)
        StablecoinLedger(name_, symbol_, decimals_)
    {}

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _approve(spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _spendAllowanceAndMove(from, to, value);
        return true;
    }
}
