import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (scripts/lib → ../..), so every helper works from any cwd. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs a command with inherited stdio and resolves with its exit code (never rejects on a
 * non-zero exit: the caller decides what a failure means). A spawn error resolves as 127.
 */
export function runCommand(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Runs an npm script of the root package (`npm run <name>`) and resolves with its exit code. */
export function runNpmScript(name, options = {}) {
  return runCommand('npm', ['run', name], options);
}

/** Formats a duration in milliseconds as `12.3s` or `2m 05s`. */
export function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) {
    return `${seconds.toFixed(1)}s`;
  }
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${String(Math.floor(seconds % 60)).padStart(2, '0')}s`;
}

/** Prints a section header so long logs (CI) can be scanned by step. */
export function printSection(title) {
  console.log(`\n=== ${title} ===`);
}
