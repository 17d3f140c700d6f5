import { z } from 'zod';

/** Spec 1 §5 shared rules, the messages a person sees. */
export const validationMessages = {
  required: 'This field is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email address is too long',
  emailDomainInvalid: 'Invalid email domain',
  urlInvalid: 'Please enter a valid URL',
  imageUrlInvalid: 'Please provide a valid image URL or storage path',
  imageUrlNotHttps: 'Image URLs must use HTTPS',
  maxLength: (n: number) => `Must be no more than ${n} characters`,
} as const;

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The e-mail check of spec 1 §5, returning the message of the first rule broken or null. Strict mode also asks
 * for a domain of exactly two labels whose last is 2–63 characters and not numeric.
 */
export function emailProblem(value: string, options: { strict?: boolean } = {}): string | null {
  const email = value.trim();
  if (email === '') return validationMessages.emailRequired;
  if (email.length > EMAIL_MAX_LENGTH) return validationMessages.emailTooLong;
  if (!EMAIL_SHAPE.test(email)) return validationMessages.emailInvalid;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > EMAIL_LOCAL_PART_MAX_LENGTH) return validationMessages.emailInvalid;
  if (email.includes('..')) return validationMessages.emailInvalid;
  for (const part of [local, domain]) {
    if (part.startsWith('.') || part.endsWith('.')) return validationMessages.emailInvalid;
  }
  if (options.strict) {
    const labels = domain.split('.');
    const last = labels[labels.length - 1] ?? '';
    if (labels.length !== 2 || last.length < 2 || last.length > 63 || /^\d+$/.test(last)) {
      return validationMessages.emailDomainInvalid;
    }
  }
  return null;
}

/** An e-mail string schema under the shared rules: trimmed, checked (empty passes when allowed), lower-cased. */
function withEmailRules(schema: z.ZodString, { allowEmpty }: { allowEmpty: boolean }) {
  return schema
    .trim()
    .superRefine((value, ctx) => {
      if (allowEmpty && value === '') return;
      const problem = emailProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value.toLowerCase());
}

/** A required e-mail address (trimmed, lower-cased) under the shared rules. */
export const emailSchema = withEmailRules(z.string({ error: validationMessages.emailRequired }), {
  allowEmpty: false,
});

/** An optional e-mail: empty means none. */
export const optionalEmailSchema = withEmailRules(z.string(), { allowEmpty: true });

/** A URL that parses (spec: 'Please enter a valid URL'); empty is allowed. */
export const optionalUrlSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || URL.canParse(value), validationMessages.urlInvalid);
