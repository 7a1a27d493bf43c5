import { CommandError } from './commands';

/** Everything on stdin, minus the one line ending that `echo` or a here-string adds. */
export async function readPasswordFromStdin(stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (password === '') throw new CommandError('--password-stdin: stdin was empty');
  return password;
}

/** Reads one line from the terminal without echoing it; Ctrl-C aborts. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new CommandError('cancelled'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** Asks twice, so a typo does not lock the operator out of the new account. */
export async function promptNewPassword(): Promise<string> {
  const first = await promptHidden('Password (at least 10 characters): ');
  const second = await promptHidden('Repeat the password: ');
  if (first !== second) throw new CommandError('the two passwords differ');
  return first;
}
