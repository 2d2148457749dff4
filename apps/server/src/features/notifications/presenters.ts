import type { NotificationDto } from '@sajha/contract';
import type { notifications } from '../../db/schema.js';

type Row = typeof notifications.$inferSelect;

export function presentNotification(row: Row): NotificationDto {
  return {
    _id: row.id,
    type: row.type,
    message: row.message,
    date: row.createdAt.toISOString(),
    priority: row.priority,
    actions: row.actions.length > 0 ? row.actions : [{ label: 'View Details', type: 'link', url: '/' }],
    isDigest: row.isDigest,
    status: row.readAt ? 'read' : 'unread',
    ...(row.profileImage ? { profileImage: row.profileImage } : {}),
    ...(row.icon ? { icon: row.icon } : {}),
  };
}
