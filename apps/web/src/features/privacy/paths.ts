/** Where the follow-requests list lives: the friends page's Requests tab (the server's notices link here). */
export const FOLLOW_REQUESTS_PATH = '/friends/requests';
