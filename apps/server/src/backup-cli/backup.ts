/*
 * npm run backup [-- --with-secrets] [--with-files]
 * Writes one archive to BACKUP_DIR (default DATA_DIR/backups); the last line printed is its path.
 * While the server runs on the embedded database, the server takes it (DATA_DIR/run/admin.sock);
 * otherwise this process reads the database itself (PostgreSQL: alongside a running server).
 */
import { loadConfig } from '../config.ts';
import { createRawFileStorage } from '../lib/file-storage/file-storage.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { adminSocketPath, requestBackup } from '../modules/backup/admin-socket.ts';
import { BackupError } from '../modules/backup/archive.ts';
import { appVersion, backupDirOf, secretsFile } from '../modules/backup/backup.module.ts';
import { backupToFile, describeBackup } from '../modules/backup/backup.service.ts';
import { firmEncryptionKey } from '../modules/backup/signature.ts';
import { openSource } from '../modules/backup/target.ts';
import { parseArgs, runCli } from './cli.ts';

runCli(async () => {
  const args = parseArgs(process.argv.slice(2), ['--with-secrets', '--with-files'], 0);
  const options = { withSecrets: args.has('--with-secrets'), withFiles: args.has('--with-files') };
  const config = loadConfig();
  const print = (line: string) => process.stdout.write(`${line}\n`);
  if (!config.DATABASE_URL) {
    const answer = await requestBackup(adminSocketPath(config.DATA_DIR), options);
    if (answer) {
      print('El servidor está en marcha: el respaldo lo hace el servidor.');
      if (!answer.ok || !answer.path) throw new BackupError(answer.lines.join('\n'));
      for (const line of answer.lines) print(line);
      print(answer.path);
      return;
    }
  }
  // Read, never generated here: an archive signed with a key the firm does not hold would not restore.
  const encryptionKey = firmEncryptionKey(config);
  if (!encryptionKey) {
    throw new BackupError(
      `No se hizo el respaldo: no se encontró la clave del estudio con que se firma (ni ENCRYPTION_KEY ni ${config.DATA_DIR}/secrets.json). Define ENCRYPTION_KEY como la del servidor.`,
    );
  }
  const source = await openSource(
    config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  try {
    const made = await backupToFile(
      {
        db: source.db,
        kind: source.kind,
        storage: createRawFileStorage(config),
        secrets: () => secretsFile(loadSecrets(config)),
        encryptionKey,
        appVersion: appVersion(),
      },
      backupDirOf(config),
      options,
    );
    for (const line of describeBackup(made.summary)) print(line);
    print(made.path);
  } finally {
    await source.close();
  }
});
