/*
 * npm run restore -- ARCHIVE [--force] [--accept-unsigned]
 * Restores into DATA_DIR (embedded database) or DATABASE_URL, which must be empty unless --force;
 * the whole archive is checked before anything is touched, its manifest's signature with the firm's
 * ENCRYPTION_KEY (an unsigned or foreign archive only with --accept-unsigned). Run it with the server stopped.
 */
import { loadConfig } from '../config.ts';
import { BackupError } from '../modules/backup/archive.ts';
import { restoreArchive } from '../modules/backup/restore.ts';
import { UNVERIFIED_LABELS } from '../modules/backup/signature.ts';
import { parseArgs, runCli } from './cli.ts';

runCli(async () => {
  const args = parseArgs(process.argv.slice(2), ['--force', '--accept-unsigned'], 1);
  const archive = args.rest[0];
  if (!archive) throw new BackupError('Uso: npm run restore -- ARCHIVO [--force] [--accept-unsigned]');
  const config = loadConfig();
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const restored = await restoreArchive({
    archive,
    target: config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
    settings: config,
    force: args.has('--force'),
    acceptUnsigned: args.has('--accept-unsigned'),
  });
  const { manifest } = restored;
  if (restored.signature !== 'verified') {
    process.stderr.write(
      `Aviso: restaurado con --accept-unsigned un respaldo cuya firma no es la del estudio (${UNVERIFIED_LABELS[restored.signature]}); quedó registrado en la actividad.\n`,
    );
  }
  const withoutBytes = restored.filesWithoutBytes;
  print(
    `Restaurado el respaldo del ${manifest.createdAt} (versión ${manifest.appVersion}): ${restored.tables} tablas, ${restored.rows} ${restored.rows === 1 ? 'fila' : 'filas'}, ${restored.files} ${restored.files === 1 ? 'archivo' : 'archivos'}${withoutBytes.length ? `, INCOMPLETO: ${withoutBytes.length} de los ${restored.fileRows} archivos registrados no tienen sus bytes` : ''}.`,
  );
  if (withoutBytes.length) {
    print(
      'Esos archivos no venían en el respaldo ni están en el almacenamiento: sus descargas fallarán. Si los recibió otra instancia con su propio disco, cópialos de su DATA_DIR/files a este (misma ruta); si no, hay que subirlos de nuevo:',
    );
    for (const file of withoutBytes.slice(0, 20)) print(`  - ${file.name} (${file.key})`);
    if (withoutBytes.length > 20) print(`  … y ${withoutBytes.length - 20} más`);
  }
  if (restored.encryptedFiles > 0) {
    print(
      `${restored.encryptedFiles} ${restored.encryptedFiles === 1 ? 'archivo venía cifrado' : 'archivos venían cifrados'} como estaban guardados; su clave es la ENCRYPTION_KEY con que esta instalación los abrirá.`,
    );
  }
  for (const aside of restored.setAside) print(`Lo que había antes quedó en ${aside}`);
  if (manifest.files.storage === 's3' && !manifest.files.included) {
    print('Los archivos no venían en el respaldo (estaban en S3): el bucket debe tenerlos.');
  }
  if (restored.secretsRestored) {
    print(`Secretos restaurados en ${config.DATA_DIR}/secrets.json.`);
    if (config.ENCRYPTION_KEY || config.TOKEN_SECRET) {
      print(
        'Aviso: ENCRYPTION_KEY/TOKEN_SECRET del entorno mandan sobre secrets.json: deben ser los del servidor de origen.',
      );
    }
  } else {
    print(
      'El respaldo no incluye secretos: antes de iniciar, define TOKEN_SECRET, ENCRYPTION_KEY, VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY con los valores del servidor de origen (o copia su secrets.json a este DATA_DIR). Con otras claves el servidor se niega a iniciar, y ni los archivos ni las claves de portales ni los tokens del calendario se pueden leer.',
    );
  }
  print(
    `Listo: inicia el servidor con este ${config.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR (${config.DATA_DIR})`}.`,
  );
});
