/**
 * The signed-in shell's measures that pages need too. The header (search, issue 35) sits above every
 * page; on phones it scrolls away with the page and is left out of the screens that fill the screen
 * (chat, clips, the assistant), which have a header of their own.
 */

/** The signed-in header's height, in px. */
export const HEADER_HEIGHT = 56;
/** The bottom bar's height on phones, in px. */
export const BOTTOM_BAR_HEIGHT = 64;

/** The height of a page that fills the screen: above the bottom bar on phones, below the header from md up. */
export const SCREEN_FILL_HEIGHT = {
  xs: `calc(100dvh - ${BOTTOM_BAR_HEIGHT}px)`,
  md: `calc(100dvh - ${HEADER_HEIGHT}px)`,
} as const;

/** Where a sticky part of a page may sit: below the header from md up (phones' header scrolls away). */
export const stickyTop = (gap: number) => ({ xs: gap, md: HEADER_HEIGHT + gap });

/** Screens that fill the screen, and so have no shell header on phones. */
export const FULL_SCREEN_PATHS = ['/message', '/clips', '/ai'] as const;
