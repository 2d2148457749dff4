/**
 * Client checks for the account forms (part 1 §5). They mirror the spec's rules only; anything else
 * the server refuses comes back with a `field` and is shown under that field. Each text is the
 * contract's, in the page's language (a component passes its `useMessages()`).
 */
import { EMAIL_PATTERN, LIMITS, type Catalogue } from '@sajha/contract';
import { messages } from '../../i18n/prefs';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function emailError(email: string, m: Catalogue = messages()): string | undefined {
  return EMAIL_PATTERN.test(email.trim()) ? undefined : m.Messages.signup.invalidEmail;
}

export function passwordError(password: string, m: Catalogue = messages()): string | undefined {
  return password.length >= LIMITS.passwordMin ? undefined : m.Messages.signup.passwordTooShort;
}

export function confirmError(password: string, confirm: string, m: Catalogue = messages()): string | undefined {
  return password === confirm ? undefined : m.Messages.signup.passwordsDoNotMatch;
}

export function usernameError(username: string, m: Catalogue = messages()): string | undefined {
  const value = username.trim();
  if (!value) return m.Messages.signup.usernameRequired;
  if (/^\d+$/.test(value)) return m.Messages.signup.usernameDigitsOnly;
  return undefined;
}

export function nameError(name: string, m: Catalogue = messages()): string | undefined {
  return name.trim() ? undefined : m.Messages.signup.nameRequired;
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
