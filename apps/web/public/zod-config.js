// zod probes `Function('')` to compile faster object parsers, when each schema is built. Our
// Content-Security-Policy forbids eval, so the probe is refused and reported as a violation. This sets
// zod's global config (zod keeps an existing one) to parse without it, before any module runs: a
// deferred classic script runs before the module scripts that follow it in index.html.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
