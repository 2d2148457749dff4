export * from './locale.js';
export * from './catalogue.js';
export { ServerTexts } from './server-texts.js';
