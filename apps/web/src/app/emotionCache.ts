/**
 * Emotion's cache for a page that came pre-rendered (landing.html). The pre-render puts every class rule
 * of the page in one <style> that names them (PRERENDERED_STYLES); this cache is told those are already
 * inserted, so hydration adds none of them again. The element stays where it is: emotion's own SSR form
 * (data-emotion="css …") would make it move the element, which makes the browser parse all of it again.
 */
import createCache, { type EmotionCache } from '@emotion/cache';

export const PRERENDERED_STYLES = 'data-prerendered-styles';

export function cacheAdoptingPrerenderedStyles(): EmotionCache {
  const cache = createCache({ key: 'css' });
  for (const node of document.querySelectorAll(`style[${PRERENDERED_STYLES}]`)) {
    for (const name of node.getAttribute(PRERENDERED_STYLES)!.split(' ')) if (name) cache.inserted[name] = true;
  }
  return cache;
}
