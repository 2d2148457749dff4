/** /moderation (where notices of moderators' actions link): the member's standing, on the action named. */
import { Navigate, useLocation } from 'react-router';

export default function StandingRedirect() {
  const { hash } = useLocation();
  return <Navigate to={`/settings/safety${hash}`} replace />;
}
