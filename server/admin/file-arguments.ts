/**
 * The commands that name a file, and their file made absolute against the operator's directory
 * before the command line goes to the running server (admin-channel.ts), which may have been
 * started elsewhere. Each takes one positional argument, the file, and only boolean options.
 */
import { resolve } from 'node:path';

const FILE_COMMANDS: readonly (readonly string[])[] = [
  ['backup'],
  ['restore'],
  ['crypto', 'import'],
];

export function withAbsoluteFiles(argv: readonly string[], cwd: string): string[] {
  const words = FILE_COMMANDS.find((command) => command.every((word, i) => argv[i] === word));
  if (!words) return [...argv];
  return argv.map((arg, i) => (i < words.length || arg.startsWith('--') ? arg : resolve(cwd, arg)));
}
