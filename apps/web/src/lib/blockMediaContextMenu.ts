/**
 * Right-click is blocked on images and videos throughout the app (part 2 §2, "AI chat"). One
 * document-level listener covers every <img> and <video>, including ones rendered later.
 */

function blockOnMedia(event: MouseEvent): void {
  const target = event.target;
  if (target instanceof HTMLImageElement || target instanceof HTMLVideoElement) event.preventDefault();
}

let installed = false;

/** Installs the listener once; returns a function that removes it (useful in tests). */
export function installMediaContextMenuBlock(): () => void {
  if (!installed) {
    document.addEventListener('contextmenu', blockOnMedia);
    installed = true;
  }
  return () => {
    document.removeEventListener('contextmenu', blockOnMedia);
    installed = false;
  };
}
