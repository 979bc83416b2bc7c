import { createHmac } from 'node:crypto';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppSecrets } from '../lib/secrets.ts';
import { StartupError } from '../lib/startup-error.ts';
import type { Db } from './client.ts';
import { keyFingerprints } from './schema/key-fingerprints.ts';

/**
 * The keys a database's data depends on, by the name of the variable that sets each: session and
 * link signatures, encrypted portal passwords and calendar tokens, and the browsers' push
 * subscriptions (made for one VAPID key pair; VAPID_PUBLIC_KEY goes with the private key).
 */
export const KEY_NAMES = ['TOKEN_SECRET', 'ENCRYPTION_KEY', 'VAPID_PRIVATE_KEY'] as const;
export type KeyName = (typeof KEY_NAMES)[number];

/**
 * A key's fingerprint: an HMAC-SHA256 of a fixed label, made with the key. It cannot be turned back
 * into the key, and it gives someone who reads the database no new way to guess it: signed session
 * tokens (TOKEN_SECRET) and the encrypted portal passwords (ENCRYPTION_KEY, AES-GCM) already let a
 * guess be checked, and both keys are random when generated.
 */
export function keyFingerprint(name: KeyName, key: string | Buffer): string {
  return createHmac('sha256', key).update(`estudio-contable:key-fingerprint:v1:${name}`).digest('hex');
}

/** Where this instance's keys come from, as the refusal names them. */
export interface KeySources {
  DATA_DIR: string;
  TOKEN_SECRET?: string;
  ENCRYPTION_KEY?: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
}

/** What a differing key breaks, and how to replace it on purpose. */
const CONSEQUENCES: Record<KeyName, { breaks: string; replace: string }> = {
  TOKEN_SECRET: {
    breaks:
      'las sesiones y los enlaces de descarga firmados por las otras instancias no servirían en esta, ni los de esta en ellas',
    replace:
      'Para cambiarlo a propósito (se cierran todas las sesiones), detén todas las instancias e inicia una con ACCEPT_NEW_KEYS=TOKEN_SECRET.',
  },
  ENCRYPTION_KEY: {
    breaks:
      'con ella no se podrían leer las contraseñas de portales, las cuentas de calendario ni los archivos guardados',
    replace:
      'Si esa clave se perdió y aceptas que lo cifrado con ella quede ilegible, inicia una vez con ACCEPT_NEW_KEYS=ENCRYPTION_KEY (si la cambias a propósito y tienes la anterior, defínela en PREVIOUS_ENCRYPTION_KEY: los archivos guardados se vuelven a cifrar con la nueva y siguen legibles).',
  },
  VAPID_PRIVATE_KEY: {
    breaks:
      'los navegadores suscritos a las notificaciones con la otra clave no las recibirían desde esta instancia (defínela junto con VAPID_PUBLIC_KEY)',
    replace:
      'Si esa clave se perdió, inicia una vez con ACCEPT_NEW_KEYS=VAPID_PRIVATE_KEY: cada usuario vuelve a activar las notificaciones en su navegador.',
  },
};

/** Where the key came from: its variable, or the generated secrets.json. */
function origin(name: KeyName, sources: KeySources): string {
  const fromVariable =
    name === 'VAPID_PRIVATE_KEY' ? sources.VAPID_PUBLIC_KEY && sources.VAPID_PRIVATE_KEY : sources[name];
  return fromVariable
    ? `la variable ${name}`
    : `${path.join(sources.DATA_DIR, 'secrets.json')} (${name} no está definida)`;
}

/** What a differing key breaks, and what to do about it (the refusal's message). */
function refusal(name: KeyName, sources: KeySources): string {
  const from = origin(name, sources);
  const { breaks, replace } = CONSEQUENCES[name];
  return (
    `No se inicia: ${name} (tomada de ${from}) no es la misma con que se inició esta base de datos: ${breaks}. ` +
    `Usa la misma ${name} en todas las instancias (o el secrets.json del DATA_DIR con que se inició esta base de datos). ${replace}`
  );
}

/**
 * Checks this instance's keys against the fingerprints kept in the database. The first start on a
 * database (or the first with this check, on an existing one) records them; later starts with a
 * different key throw a StartupError naming the variable, unless `accept` names it: then its
 * fingerprint is replaced (the answer lists those replaced). Two instances starting at once on an
 * empty database agree on whichever wrote first.
 */
export async function checkKeyFingerprints(
  db: Db,
  secrets: Pick<AppSecrets, 'tokenSecret' | 'encryptionKey' | 'vapid'>,
  sources: KeySources,
  accept: readonly KeyName[] = [],
): Promise<KeyName[]> {
  const mine: Record<KeyName, string> = {
    TOKEN_SECRET: keyFingerprint('TOKEN_SECRET', secrets.tokenSecret),
    ENCRYPTION_KEY: keyFingerprint('ENCRYPTION_KEY', secrets.encryptionKey),
    VAPID_PRIVATE_KEY: keyFingerprint('VAPID_PRIVATE_KEY', secrets.vapid.privateKey),
  };
  await db
    .insert(keyFingerprints)
    .values(KEY_NAMES.map((name) => ({ name, fingerprint: mine[name] })))
    .onConflictDoNothing();
  const stored = await db
    .select({ name: keyFingerprints.name, fingerprint: keyFingerprints.fingerprint })
    .from(keyFingerprints)
    .where(inArray(keyFingerprints.name, [...KEY_NAMES]));
  const differing = KEY_NAMES.filter((name) => stored.find((row) => row.name === name)?.fingerprint !== mine[name]);
  const refused = differing.filter((name) => !accept.includes(name));
  if (refused.length) throw new StartupError(refused.map((name) => refusal(name, sources)).join('\n'));
  for (const name of differing) {
    await db
      .update(keyFingerprints)
      .set({ fingerprint: mine[name], createdAt: sql`now()` })
      .where(eq(keyFingerprints.name, name));
  }
  return differing;
}
