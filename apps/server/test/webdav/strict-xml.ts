import { spawn } from 'node:child_process';

/**
 * Whether an answer is well-formed XML as a strict parser reads it. fast-xml-parser lets
 * through characters XML 1.0 forbids (a U+0001, a U+FFFE, `&#1;`), which are exactly what
 * breaks rclone and Finder; expat (Python's xml.parsers.expat) refuses them as clients do.
 * /usr/bin/python3 is on every machine that runs this suite: the Swift server needs it.
 */

const PYTHON = '/usr/bin/python3';

const CHECK = [
  'import sys, xml.parsers.expat as expat',
  'try:',
  '    expat.ParserCreate().Parse(sys.stdin.buffer.read(), True)',
  'except expat.ExpatError as error:',
  '    print(error)',
].join('\n');

/** expat's complaint about `xml` (bytes as received, or text), or null when it is well-formed. */
export function strictXmlProblem(xml: Uint8Array | string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, ['-c', CHECK], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`${PYTHON} failed (${code}): ${Buffer.concat(err).toString()}`));
        return;
      }
      const problem = Buffer.concat(out).toString().trim();
      resolve(problem === '' ? null : problem);
    });
    child.stdin.end(typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml);
  });
}
