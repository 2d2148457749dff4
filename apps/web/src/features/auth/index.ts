/** What other areas use of auth: the name and username checks (the account settings reuse them). */
export { nameError, usernameError } from './validation';
