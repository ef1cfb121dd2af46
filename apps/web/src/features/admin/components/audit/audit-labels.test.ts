import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import i18n, { initI18n } from '@/lib/i18n';
import { AUDIT_GROUPS, KNOWN_AUDIT_ACTIONS, actionChoices, actionLabel } from './audit-labels';

/** The server's sources that name audit actions (read as text: the web app cannot import them). */
const serverSource = (path: string) =>
  readFileSync(
    resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../../server/src', path),
    'utf8',
  );

/** Every `'group.action'` string a source names. */
const actionsNamedIn = (source: string) =>
  [...source.matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((match) => match[1] ?? '');

async function labelsIn(language: 'en-US' | 'zh-CN') {
  initI18n();
  await i18n.changeLanguage(language);
  return (action: string) => actionLabel(i18n.t, action);
}

/** The filter's choices under one group's name, as value and label. */
function groupItems(group: string) {
  const found = actionChoices(i18n.t, []).find(
    (choice) => 'group' in choice && choice.group === group,
  );
  const items = (found && 'items' in found ? found.items : undefined) ?? [];
  return items.map((item) => (typeof item === 'string' ? { value: item, label: item } : item));
}

describe('audit labels', () => {
  it('know every action the server records, file requests and bundles included', () => {
    const recorded = new Set([
      ...actionsNamedIn(serverSource('lib/audit/actions.ts')),
      ...actionsNamedIn(serverSource('modules/file-requests/notify.ts')).filter((name) =>
        name.startsWith('request.'),
      ),
    ]);
    expect(recorded).toContain('request.upload');
    expect(recorded).toContain('bundle.create');
    const unlabelled = [...recorded].filter(
      (action) => !(KNOWN_AUDIT_ACTIONS as readonly string[]).includes(action),
    );
    expect(unlabelled).toEqual([]);
  });

  it.each(['en-US', 'zh-CN'] as const)('name every action and group in %s', async (language) => {
    const label = await labelsIn(language);
    for (const action of KNOWN_AUDIT_ACTIONS) {
      expect(label(action), action).not.toBe(action);
      expect(label(action), action).not.toMatch(/^audit\./);
    }
    for (const group of AUDIT_GROUPS) {
      expect(i18n.t(`audit.groups.${group}`)).not.toMatch(/^audit\./);
    }
  });

  it('label the new actions in both languages', async () => {
    const english = await labelsIn('en-US');
    expect(english('bundle.create')).toBe('Bundle created');
    expect(english('request.upload')).toBe('Received through a file request');
    expect(english('request.upload_delete')).toBe('Received file deleted');
    const chinese = await labelsIn('zh-CN');
    expect(chinese('request.close')).toBe('关闭文件收集');
    expect(chinese('bundle.delete')).toBe('删除文件包');
  });

  it('offer bundles and file requests as filter groups, each with its actions', async () => {
    await labelsIn('en-US');
    const requests = groupItems('File requests');
    expect(requests.map((item) => item.value)).toEqual([
      'request.',
      'request.create',
      'request.update',
      'request.close',
      'request.reopen',
      'request.delete',
      'request.upload',
      'request.upload_delete',
    ]);
    expect(groupItems('Bundles').map((item) => item.label)).toEqual([
      'All: Bundles',
      'Bundle created',
      'Bundle changed',
      'Bundle deleted',
    ]);
  });
});
