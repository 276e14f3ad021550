/** `--name value` options of the operator commands; anything malformed is undefined (usage). */
export function parseOptions(
  args: readonly string[],
  allowed: readonly string[],
): Record<string, string> | undefined {
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i];
    const value = args[i + 1];
    if (!flag?.startsWith('--') || value === undefined) return undefined;
    const name = flag.slice(2);
    if (!allowed.includes(name) || name in options) return undefined;
    options[name] = value;
  }
  return options;
}

export function parseId(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
