#!/usr/bin/env node
import { CommanderError } from 'commander';
import { CliError, EXIT } from './errors';
import { buildProgram } from './program';

/**
 * Runs the command line and turns whatever stopped it into one line on stderr and the
 * documented exit code (errors.ts): scripts switch on the code, people read the line.
 */
async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version end through here too, with exit code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof CliError) {
      process.stderr.write(`pastebox: ${error.message}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`pastebox: ${message}\n`);
    return EXIT.failure;
  }
}

// process.exitCode rather than exit(): stdout drains before the process ends.
process.exitCode = await main(process.argv);
