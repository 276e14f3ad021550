/** The file a command names is the operator's: made absolute where the command was typed. */
import { describe, expect, it } from 'vitest';
import { withAbsoluteFiles } from '../../server/admin/file-arguments';

describe('withAbsoluteFiles', () => {
  it('resolves the file of backup, restore and crypto import against the given directory', () => {
    expect(withAbsoluteFiles(['backup', 'nightly.gz'], '/home/op')).toEqual([
      'backup',
      '/home/op/nightly.gz',
    ]);
    expect(withAbsoluteFiles(['restore', '--yes', '../b.gz'], '/home/op')).toEqual([
      'restore',
      '--yes',
      '/home/b.gz',
    ]);
    expect(withAbsoluteFiles(['crypto', 'import', 'nets.json'], '/srv')).toEqual([
      'crypto',
      'import',
      '/srv/nets.json',
    ]);
    expect(withAbsoluteFiles(['backup', '/abs/x.gz'], '/srv')).toEqual(['backup', '/abs/x.gz']);
  });

  it('leaves every other command as it is', () => {
    for (const argv of [
      ['crypto', 'list'],
      ['users', 'find', 'alice'],
      ['links', 'set', 'help', 'faq', '/faq'],
      [],
    ])
      expect(withAbsoluteFiles(argv, '/srv')).toEqual(argv);
  });
});
