/**
 * Whether the signed-in member is staff, and which: GET /api/admin/me answers every signed-in member with
 * their role ('member' for most). The member app's sidebar asks it once (its "Admin" entry) and the staff
 * layout reuses the same cached answer; a refusal (signed out) is an answer too ("not staff").
 */
import { useQuery } from '@tanstack/react-query';
import { useOutletContext } from 'react-router';
import { Routes } from '@sajha/contract';
import { HttpError, call } from '../../lib/http';

export type StaffRole = 'moderator' | 'admin';

export const staffMeKey = ['admin', 'me'] as const;

/** The role, or null for a member (refused); other failures throw (the layout offers to try again). */
export async function fetchStaffRole(): Promise<StaffRole | null> {
  const res = await call(Routes.staffMe);
  if (res.ok) return res.data.role === 'member' ? null : res.data.role;
  if (res.status === 401 || res.status === 403) return null;
  throw new HttpError(res.status, res.data);
}

/** A role changes rarely (an admin grants it): asked once per member and page load, then kept. */
export function useStaffRole(enabled = true) {
  return useQuery({ queryKey: staffMeKey, queryFn: fetchStaffRole, enabled, staleTime: 30 * 60_000 });
}

/** What the staff layout hands its screens. */
export interface StaffContext {
  role: StaffRole;
}

/** The signed-in staff member's role, inside /admin. */
export function useStaff(): StaffContext {
  return useOutletContext<StaffContext>();
}
