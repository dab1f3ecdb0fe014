import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

describe('outbox mailer', () => {
  it('keeps the link in the .eml file and logs only that a mail was written', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-outbox-'));
    const lines: string[] = [];
    const mailer = createMailer({ from: 'Toy Rotation <no-reply@localhost>', outboxDir, log: (line) => lines.push(line) });
    await mailer.send({ to: 'dad@example.com', subject: 'Reset', text: 'Open https://toys.example.org/resetpassword/SECRETTOKEN123' });
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8')).toContain('SECRETTOKEN123');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('written to outbox/');
    expect(lines.join('\n')).not.toContain('SECRETTOKEN123');
    expect(lines.join('\n')).not.toContain('https://');
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });
});
