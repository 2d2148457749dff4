/** What other areas may use of these pages: the not-found page (the staff layout answers members with it). */
export { default as NotFoundPage } from './NotFoundPage';
