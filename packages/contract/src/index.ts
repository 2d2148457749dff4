export * from './constants.js';
export * from './messages.js';
export * from './events.js';
export * from './entities.js';
export * from './http.js';
export * from './socket.js';
export * from './redirect.js';
export * from './ux.js';
