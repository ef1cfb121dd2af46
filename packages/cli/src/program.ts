import { Command } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { registerFs } from './commands/fs';
import { registerGet } from './commands/get';
import { registerList } from './commands/list';
import { registerLogin } from './commands/login';
import { registerPaste } from './commands/paste';
import { registerPut } from './commands/put';
import { registerRemove } from './commands/remove';

const EXIT_CODES_HELP = `
Exit codes:
  0  done
  1  the server answered an error, or could not be reached
  2  usage error (bad arguments, or a request the server refused as invalid)
  3  not logged in, key refused (401) or missing a permission (403)
  4  not found, expired, or out of views
  5  the share's password is missing or wrong

Environment: PASTEBOX_URL and PASTEBOX_KEY override what \`pastebox login\` stored.`;

/** The `pastebox` command line: one sub-command per file in commands/. */
export function buildProgram(): Command {
  const program = new Command('pastebox')
    .description('Pastebox from the terminal: share text and files, fetch shares, browse mounts')
    .version(packageJson.version)
    .addHelpText('after', EXIT_CODES_HELP)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerLogin(program);
  registerPaste(program);
  registerPut(program);
  registerGet(program);
  registerList(program);
  registerRemove(program);
  registerFs(program);
  // Sub-commands inherit exitOverride only when added after it is set; fs's own do not.
  for (const command of program.commands) {
    command.exitOverride();
    command.commands.forEach((sub) => sub.exitOverride());
  }
  return program;
}
