/**
 * Client checks for the account forms (part 1 §5). They mirror the spec's rules only; anything else
 * the server refuses comes back with a `field` and is shown under that field.
 */
import { EMAIL_PATTERN, LIMITS, Messages } from '@sajha/contract';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function emailError(email: string): string | undefined {
  return EMAIL_PATTERN.test(email.trim()) ? undefined : Messages.signup.invalidEmail;
}

export function passwordError(password: string): string | undefined {
  return password.length >= LIMITS.passwordMin ? undefined : Messages.signup.passwordTooShort;
}

export function confirmError(password: string, confirm: string): string | undefined {
  return password === confirm ? undefined : Messages.signup.passwordsDoNotMatch;
}

export function usernameError(username: string): string | undefined {
  const value = username.trim();
  if (!value) return Messages.signup.usernameRequired;
  if (/^\d+$/.test(value)) return Messages.signup.usernameDigitsOnly;
  return undefined;
}

export function nameError(name: string): string | undefined {
  return name.trim() ? undefined : Messages.signup.nameRequired;
}

/** Drops the fields that passed, so `hasErrors` is a plain emptiness check. */
export function collectErrors<K extends string>(checks: Record<K, string | undefined>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(checks) as K[]) {
    const message = checks[key];
    if (message) errors[key] = message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}

/** The server names the field it refused; 'fullname' and 'name' both mean the Name field. */
export type ServerField = 'email' | 'username' | 'name' | 'password';

export function serverField(field: unknown): ServerField | undefined {
  switch (field) {
    case 'email':
    case 'username':
    case 'password':
      return field;
    case 'name':
    case 'fullname':
      return 'name';
    default:
      return undefined;
  }
}
