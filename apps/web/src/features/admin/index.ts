/** What the rest of the app may use of the staff screens: whether the member is staff (the sidebar's "Admin"). */
export { useStaffRole, type StaffRole } from './staffRole';
