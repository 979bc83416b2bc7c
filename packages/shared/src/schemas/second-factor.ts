import { PASSWORD_MAX, plainText } from '../fields.ts';
import { profileMsg } from '../messages-profile.ts';
import { secondFactorMsg } from '../messages-trust.ts';
import { z } from '../zod-setup.ts';
import { UserSchema } from './users.ts';

/** A TOTP code: 6 digits (spaces allowed between, as apps show '123 456'). */
export const TOTP_CODE = /^\d{6}$/;
/** A recovery code as shown: two groups of 5 base32 letters and digits, 'ABCDE-FGH23' (case and dash free). */
export const RECOVERY_CODE = /^[A-Z2-7]{5}-?[A-Z2-7]{5}$/;

/** What the person types at the code step: a TOTP code or a recovery code, normalised (no spaces, upper case). */
export const secondFactorCode = plainText(secondFactorMsg.codeRequired)
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, secondFactorMsg.codeRequired)
      .max(11, secondFactorMsg.codeInvalidFormat)
      .refine((value) => TOTP_CODE.test(value) || RECOVERY_CODE.test(value), secondFactorMsg.codeInvalidFormat),
  );

/** Only a TOTP code (confirming a set-up, turning it off). */
export const totpCode = plainText(secondFactorMsg.codeRequired)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, secondFactorMsg.codeRequired).regex(TOTP_CODE, secondFactorMsg.codeInvalidFormat));

/**
 * POST /api/login answers either the session (no second factor needed) or a challenge: a short-lived
 * signed token that names the user and what comes next ('code': ask for the code; 'setup': the firm
 * requires a second factor this user has not set up). A challenge is not a session: it opens nothing.
 */
export const SecondFactorChallengeSchema = z.object({
  secondFactor: z.enum(['code', 'setup']),
  challenge: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallengeSchema>;

const challengeField = z.string({ error: secondFactorMsg.challengeExpired }).min(1).max(2000);

/** POST /api/login/second-factor */
export const SecondFactorLoginSchema = z.object({ challenge: challengeField, code: secondFactorCode });
/** POST /api/login/second-factor/setup (starts a set-up during sign-in) */
export const SecondFactorChallengeOnlySchema = z.object({ challenge: challengeField });
/** POST /api/login/second-factor/confirm (finishes it and signs in) */
export const SecondFactorSetupLoginSchema = z.object({ challenge: challengeField, code: totpCode });

/** A set-up in progress: the QR code (a PNG data URL), the URI it encodes, and the secret to type by hand. */
export const SecondFactorSetupSchema = z.object({
  qrDataUrl: z.string(),
  otpauthUrl: z.string(),
  secret: z.string(),
});
export type SecondFactorSetup = z.infer<typeof SecondFactorSetupSchema>;

/**
 * POST /api/profile/second-factor/setup: the current password, so that a session alone (a browser
 * left open, a stolen token) cannot put a second factor of its own on the account.
 */
export const SecondFactorSetupStartSchema = z.object({
  // Any text up to the longest accepted password: a longer one cannot be the current one.
  currentPassword: plainText(profileMsg.requiredField)
    .min(1, profileMsg.requiredField)
    .max(PASSWORD_MAX, profileMsg.wrongCurrentPassword),
});
export type SecondFactorSetupStart = z.infer<typeof SecondFactorSetupStartSchema>;

/** POST /api/profile/second-factor/confirm and DELETE /api/profile/second-factor */
export const TotpCodeSchema = z.object({ code: totpCode });

/** Ten recovery codes, shown once. */
export const RecoveryCodesSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

/** GET /api/profile/second-factor */
export const SecondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** The firm requires it for this user's role. */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

/** The session after a completed sign-in (same as a password-only sign-in), plus new recovery codes after a set-up. */
export const SecondFactorLoginResponseSchema = z.object({
  user: UserSchema,
  token: z.string(),
  recoveryCodes: z.array(z.string()).optional(),
});

/** GET/PUT /api/settings/security (owners) */
export const SecuritySettingsSchema = z.object({ requireSecondFactor: z.boolean() });
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;
