/** What other areas use of the assistant's page: its safe formatter (the help centre renders articles with it). */
export { FormattedText } from './FormattedText';
