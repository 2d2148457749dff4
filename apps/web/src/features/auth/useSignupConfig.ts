/**
 * The sign-up mode and whether the bot check is on, asked fresh each time the sign-up page opens (an
 * admin may have changed the mode since the app loaded); on a failure the form assumes open sign-up and
 * lets the server say otherwise.
 */
import { useEffect, useState } from 'react';
import { Routes, type PublicSignup } from '@sajha/contract';
import { call } from '../../lib/http';

const ASSUMED: PublicSignup = { mode: 'open', botCheck: true };

export function useSignupConfig(): PublicSignup | null {
  const [signup, setSignup] = useState<PublicSignup | null>(null);
  useEffect(() => {
    let live = true;
    call(Routes.config)
      .then((res) => live && setSignup(res.ok ? res.data.signup : ASSUMED))
      .catch(() => live && setSignup(ASSUMED));
    return () => {
      live = false;
    };
  }, []);
  return signup;
}
