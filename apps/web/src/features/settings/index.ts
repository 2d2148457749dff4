/** What other areas use of settings: the square-picture dialog (choose, crop, upload), for a group's picture. */
export { AvatarDialog } from './AvatarDialog';
