import { msg } from '../messages.ts';
import { z } from '../zod-setup.ts';
import { UserSchema } from './users.ts';

export const LoginSchema = z.object({
  email: z.string({ error: msg.requiredField }).trim().min(1, msg.requiredField),
  password: z.string({ error: msg.requiredField }).min(1, msg.requiredField),
});
export type Login = z.infer<typeof LoginSchema>;

export const LoginResponseSchema = z.object({ user: UserSchema, token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RecoverPasswordRequestSchema = z.object({
  email: z.string({ error: msg.requiredField }).trim().min(1, msg.requiredField).pipe(z.email(msg.recoverInvalidEmail)),
});
export type RecoverPasswordRequest = z.infer<typeof RecoverPasswordRequestSchema>;

export const ChangePasswordSchema = z.object({
  password: z.string({ error: msg.requiredField }).min(1, msg.requiredField).min(6, msg.passwordMinRecover),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** The recovery form: the API's schema plus the repeated password. */
export const ChangePasswordFormSchema = ChangePasswordSchema.extend({ repeatPassword: z.string() }).refine(
  (values) => values.password === values.repeatPassword,
  { message: msg.passwordsDontMatch, path: ['repeatPassword'] },
);

/** A browser Web Push subscription, stored as the user's notification token. */
export const NotificationTokenSchema = z.object({
  token: z.union([
    z.string().min(1).max(4000),
    z.object({
      endpoint: z.url(),
      expirationTime: z.number().nullable().optional(),
      keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
    }),
  ]),
});
export type NotificationToken = z.infer<typeof NotificationTokenSchema>;

/** The server's VAPID public key, the applicationServerKey of the browser's push subscription. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;
