/**
 * Drawn scenery in place of photographs: the landing page downloads no pictures, so peaks, skies and
 * valleys are small inline SVGs. They are decorative and hidden from assistive technology.
 */
import Box from '@mui/material/Box';

/** A Himalayan skyline used as the lower edge of a band; it takes the colour of what follows. */
export function MountainRidge({ color }: { color: string }) {
  return (
    <Box
      component="svg"
      aria-hidden
      viewBox="0 0 1440 120"
      preserveAspectRatio="none"
      sx={{ display: 'block', width: '100%', height: { xs: 48, md: 96 } }}
    >
      <path
        fill={color}
        opacity={0.35}
        d="M0 92 90 58l70 26 110-64 80 52 60-30 120 70 90-44 100 40 130-78 90 50 70-26 110 56 90-34 110 38 120-28V120H0Z"
      />
      <path
        fill={color}
        d="M0 104 120 74l90 24 100-48 90 44 80-22 110 40 120-56 100 48 90-26 120 38 110-44 90 36 100-18 120 30V120H0Z"
      />
    </Box>
  );
}

const SCENES = {
  dawn: { sky: ['#ffd9a0', '#ff9a76', '#c0607e'], far: '#8a5d8f', near: '#43305a', sun: '#fff3c4', sunY: 118 },
  dusk: { sky: ['#1f2a56', '#7a4e8a', '#f3a35f'], far: '#3b3566', near: '#1a1836', sun: '#ffd58a', sunY: 132 },
  valley: { sky: ['#9fd4ff', '#d8efff', '#f4fbff'], far: '#6d9dc5', near: '#2f7a48', sun: '#fff6cf', sunY: 54 },
} as const;

export type SceneName = keyof typeof SCENES;

/** A postcard-style landscape: sky gradient, sun, snow-capped range and foothills. */
export function Scene({ name }: { name: SceneName }) {
  const s = SCENES[name];
  const gradientId = `sky-${name}`;
  return (
    <Box
      component="svg"
      aria-hidden
      viewBox="0 0 320 200"
      preserveAspectRatio="xMidYMid slice"
      sx={{ display: 'block', width: '100%', height: '100%' }}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={s.sky[0]} />
          <stop offset="0.55" stopColor={s.sky[1]} />
          <stop offset="1" stopColor={s.sky[2]} />
        </linearGradient>
      </defs>
      <rect width="320" height="200" fill={`url(#${gradientId})`} />
      <circle cx="236" cy={s.sunY} r="22" fill={s.sun} opacity="0.9" />
      <path fill={s.far} d="M0 138 40 112l28 14 42-56 24 26 26-36 30 42 40-22 38 36 52-20V200H0Z" />
      <path fill="#fff" opacity="0.92" d="M100 83 110 70l12 13-6-3-6 6-4-6Zm50-9 10-14 10 14-5-3-4 5-5-5Z" />
      <path fill={s.near} d="M0 172c34-22 70-24 112-8 30 12 62 10 96-8 40-20 78-16 112 4v40H0Z" />
    </Box>
  );
}
