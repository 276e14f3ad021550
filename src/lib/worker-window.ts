/**
 * jsencrypt seeds its random padding from `crypto.getRandomValues` only when `window` exists, and from
 * Math.random otherwise. A worker has `self.crypto` but no `window`: name the worker's global scope
 * `window` before jsencrypt loads, so its padding comes from the CSPRNG there too.
 */
const scope = globalThis as { window?: unknown };
scope.window ??= globalThis;

export {};
