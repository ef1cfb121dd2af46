import type { Command } from 'commander';
import { apiKeyInfo } from '@pastebox/contract/schemas/auth';
import { PasteboxApi } from '../api';
import { normaliseServerUrl, saveConfig } from '../config';
import { EXIT } from '../errors';
import { askSecret } from '../prompt';
import { note, printJson, printResult } from '../output';

interface LoginFlags {
  key?: string;
  json?: boolean;
}

/**
 * `pastebox login URL`: checks the key against the server (GET /api/test/api-key, SPEC §5:
 * valid only if the call succeeds) before storing it, so a typo never gets saved.
 */
async function login(url: string, flags: LoginFlags): Promise<void> {
  const baseUrl = normaliseServerUrl(url);
  const key =
    flags.key ||
    process.env.PASTEBOX_KEY ||
    (await askSecret('API key: ', '--key or PASTEBOX_KEY', EXIT.auth));
  const info = await new PasteboxApi(baseUrl, key.trim()).get('/test/api-key', apiKeyInfo);
  const file = saveConfig({ url: baseUrl, key: key.trim() });
  const granted = Object.entries(info.permissions)
    .filter(([, allowed]) => allowed)
    .map(([permission]) => permission);
  note(`Logged in to ${baseUrl} as key "${info.name}" (${granted.join(', ') || 'no permissions'})`);
  note(`Saved to ${file}`);
  if (flags.json) {
    printJson({ url: baseUrl, ...info });
  } else {
    printResult(baseUrl);
  }
}

export function registerLogin(program: Command): void {
  program
    .command('login')
    .description('store the server address and an API key (checked first) in the config folder')
    .argument('<url>', 'the Pastebox server, e.g. https://paste.example.com')
    .option('-k, --key <key>', 'the API key (else PASTEBOX_KEY, else asked on the terminal)')
    .option('--json', 'print the key information as JSON')
    .action((url: string, flags: LoginFlags) => login(url, flags));
}
