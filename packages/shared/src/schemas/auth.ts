import { isLoopbackHttpUrl, isPublicHttpsUrl, newPassword, PASSWORD_MAX, plainText } from '../fields.ts';
import { msg } from '../messages.ts';
import { z } from '../zod-setup.ts';
import { SecondFactorChallengeSchema } from './second-factor.ts';
import { UserSchema } from './users.ts';

/** Sign-in: any text is accepted (a wrong one is 'Correo o contraseña inválido'), within sane lengths. */
export const LoginSchema = z.object({
  email: plainText(msg.requiredField).trim().min(1, msg.requiredField).max(254, msg.loginFailed),
  password: plainText(msg.requiredField).min(1, msg.requiredField).max(PASSWORD_MAX, msg.loginFailed),
});
export type Login = z.infer<typeof LoginSchema>;

/** A completed sign-in: the user and the session's token. */
export const LoginSessionSchema = z.object({ user: UserSchema, token: z.string() });
export type LoginSession = z.infer<typeof LoginSessionSchema>;

/**
 * POST /api/login: the session, or a second-factor challenge when the user has one
 * set up or the firm requires one ('code' or 'setup', see schemas/second-factor.ts).
 */
export const LoginResponseSchema = z.union([LoginSessionSchema, SecondFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RecoverPasswordRequestSchema = z.object({
  email: plainText(msg.requiredField)
    .trim()
    .min(1, msg.requiredField)
    .max(254, msg.recoverInvalidEmail)
    .pipe(z.email(msg.recoverInvalidEmail)),
});
export type RecoverPasswordRequest = z.infer<typeof RecoverPasswordRequestSchema>;

export const ChangePasswordSchema = z.object({
  password: plainText(msg.requiredField).min(1, msg.requiredField).pipe(newPassword(msg.passwordMinRecover)),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** The recovery form: the API's schema plus the repeated password. */
export const ChangePasswordFormSchema = ChangePasswordSchema.extend({ repeatPassword: z.string() }).refine(
  (values) => values.password === values.repeatPassword,
  { message: msg.passwordsDontMatch, path: ['repeatPassword'] },
);

const base64url = (max: number) =>
  z
    .string({ error: msg.invalidValue })
    .min(1, msg.invalidValue)
    .max(max, msg.invalidValue)
    .regex(/^[A-Za-z0-9_-]+=*$/, msg.invalidValue);

/**
 * A browser Web Push subscription (PushSubscription.toJSON()), stored as the user's notification
 * token. The endpoint must be https on a public host: the server will POST to it later. Servers
 * started for browser tests (PUSH_TEST_LOOPBACK=on) also take a local fake push service.
 */
export function notificationTokenSchema(options: { acceptLoopbackHttp: boolean } = { acceptLoopbackHttp: false }) {
  const acceptable = (endpoint: string) =>
    isPublicHttpsUrl(endpoint) || (options.acceptLoopbackHttp && isLoopbackHttpUrl(endpoint));
  const subscription = z.object({
    endpoint: z
      .string({ error: msg.pushEndpointInvalid })
      .max(2000, msg.pushEndpointInvalid)
      .refine(acceptable, msg.pushEndpointInvalid),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
  });
  return z.object({ token: subscription });
}

export const NotificationTokenSchema = notificationTokenSchema();
export type PushSubscriptionJson = z.infer<typeof NotificationTokenSchema>['token'];
export type NotificationToken = z.infer<typeof NotificationTokenSchema>;

/** The server's VAPID public key, the applicationServerKey of the browser's push subscription. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;
