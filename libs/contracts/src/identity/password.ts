import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 takes any length; the cap keeps a sign-up from handing it megabytes. */
export const PASSWORD_MAX_LENGTH = 128;

/** What a person sees when a new password breaks a rule. */
export const passwordMessages = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be no more than ${PASSWORD_MAX_LENGTH} characters`,
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
} as const;

/** The rule for a new password (sign-up, reset): the message of the first rule broken, or null. */
export function passwordProblem(password: string): string | null {
  if (password === '') return passwordMessages.required;
  if ([...password].length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if ([...password].length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  return null;
}

/** A new password with its confirmation; issues name the field they belong to. Passwords are never trimmed. */
export const newPasswordSchema = z
  .object({
    password: z.string({ error: passwordMessages.required }),
    confirmPassword: z.string({ error: passwordMessages.confirmRequired }),
  })
  .superRefine(({ password, confirmPassword }, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    if (confirmPassword === '')
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: passwordMessages.confirmRequired });
    else if (confirmPassword !== password)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: passwordMessages.mismatch });
  });
