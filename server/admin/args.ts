/**
 * The operator CLI's argument reading: positionals and `--name value` / `--flag` options, checked
 * before anything touches the database. Any mistake is a UsageError (usage printed, exit 2).
 */
import { INT4_MAX } from '../../contract/validation';
import { CURRENCIES_SOLD, type Currency } from './format';

export class UsageError extends Error {
  override name = 'UsageError';
}

/** A failure while running a valid command (unknown plan, duplicate code): exit 1, nothing changed. */
export class AdminError extends Error {
  override name = 'AdminError';
}

export class Args {
  private readonly options = new Map<string, string | true>();
  private readonly used = new Set<string>();
  readonly positionals: string[] = [];

  constructor(argv: readonly string[], booleans: readonly string[] = []) {
    for (let i = 0; i < argv.length; i += 1) {
      const arg = argv[i]!;
      if (!arg.startsWith('--')) {
        this.positionals.push(arg);
        continue;
      }
      const [rawName, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (rawName === '') throw new UsageError(`bad option "${arg}"`);
      if (this.options.has(rawName)) throw new UsageError(`--${rawName} given twice`);
      if (booleans.includes(rawName)) {
        if (inline !== undefined) throw new UsageError(`--${rawName} takes no value`);
        this.options.set(rawName, true);
        continue;
      }
      const value = inline ?? argv[i + 1];
      if (value === undefined || (inline === undefined && value.startsWith('--')))
        throw new UsageError(`--${rawName} needs a value`);
      if (inline === undefined) i += 1;
      this.options.set(rawName, value);
    }
  }

  has(name: string): boolean {
    this.used.add(name);
    return this.options.has(name);
  }

  flag(name: string): boolean {
    this.used.add(name);
    return this.options.get(name) === true;
  }

  string(name: string): string | undefined {
    this.used.add(name);
    const value = this.options.get(name);
    if (value === true) throw new UsageError(`--${name} needs a value`);
    return value;
  }

  requiredString(name: string): string {
    const value = this.string(name);
    if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required`);
    return value.trim();
  }

  int(name: string, bounds: { min?: number; max?: number } = {}): number | undefined {
    const value = this.string(name);
    return value === undefined ? undefined : parseInteger(value, `--${name}`, bounds);
  }

  date(name: string): Date | undefined {
    const value = this.string(name);
    return value === undefined ? undefined : parseDate(value, `--${name}`);
  }

  /** Fails on options the command does not know (typos must not be ignored silently). */
  done(maxPositionals: number): void {
    const unknown = [...this.options.keys()].filter((k) => !this.used.has(k));
    if (unknown.length > 0) throw new UsageError(`unknown option --${unknown[0]}`);
    if (this.positionals.length > maxPositionals)
      throw new UsageError(`unexpected "${this.positionals[maxPositionals]}"`);
  }
}

/**
 * A whole number typed on the command line, from `min` to `max`. The default ceiling is what the
 * database's integer columns hold (ids, counts), like the contract's fields: a larger number is a
 * usage mistake, not a failed query.
 */
export function parseInteger(
  value: string,
  what: string,
  { min = 1, max = INT4_MAX }: { min?: number; max?: number } = {},
): number {
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`${what} must be a whole number`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`${what} must be between ${min} and ${max}`);
  return n;
}

export function parseDate(value: string, what: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime()))
    throw new UsageError(`${what} must be an ISO date, e.g. 2027-01-31 or 2027-01-31T12:00:00Z`);
  return date;
}

export function parseCurrency(value: string | undefined, what: string): Currency {
  const upper = value?.trim().toUpperCase();
  if (!CURRENCIES_SOLD.includes(upper as Currency))
    throw new UsageError(`${what} must be one of ${CURRENCIES_SOLD.join(', ')}`);
  return upper as Currency;
}

export function parseGroup(value: string | undefined, what: string): 1 | 2 {
  if (value === '1' || value?.toLowerCase() === 'standard') return 1;
  if (value === '2' || value?.toLowerCase() === 'lite') return 2;
  throw new UsageError(`${what} must be 1 (standard) or 2 (lite)`);
}

export function positional(args: Args, index: number, what: string): string {
  const value = args.positionals[index];
  if (value === undefined) throw new UsageError(`missing ${what}`);
  return value;
}

/** The argument of an action that takes one positional and nothing else (`<username>`, `<CODE>`). */
export function onlyPositional(rest: readonly string[], what: string): string {
  const args = new Args(rest);
  const value = positional(args, 0, what);
  args.done(1);
  return value;
}

/** `--<name> <value>` where the value must be one of `values`; undefined when not given. */
export function choice<T extends string>(
  args: Args,
  name: string,
  values: readonly T[],
): T | undefined {
  const value = args.string(name);
  if (value !== undefined && !values.includes(value as T))
    throw new UsageError(`--${name} must be one of ${values.join(', ')}`);
  return value as T | undefined;
}

/** The arguments of a listing whose only option is `--all` (resolved rows too). */
export function allFlagOf(rest: readonly string[]): boolean {
  const args = new Args(rest, ['all']);
  const all = args.flag('all');
  args.done(0);
  return all;
}

/** `--limit <n>`, how many rows a listing prints (50 unless told). */
export function rowLimit(args: Args): number {
  return args.int('limit', { min: 1, max: 10_000 }) ?? 50;
}
