/**
 * Wire names from the spec (part 1 §7, part 2 §7) -> readable names used in code.
 * The wire names are the protocol and never change; code says `Events.deletePost`, not 'dPst'.
 */
export const Events = {
  // Built-in
  error: 'error',

  // Shell, handshake, notifications, push (/real)
  getCurrentUser: 'gCU', // handshake: the client asks for the current user (name ours: the spec only says it is obfuscated)
  currentUser: 'cU', // handshake: the server answers with the user object
  unreadMessages: 'unread_messages',
  getUnread: 'get_unread',
  unreadMessageCount: 'unm',
  newMessage: 'new_message',
  getNotifications: 'get_notifications',
  notification: 'notification',
  notifications: 'notifications',
  unreadCount: 'unread_count',
  subscribeWebPush: 'subscribe_web_push',
  getNotificationPreferences: 'get_notification_preferences',
  updateNotificationPreferences: 'update_notification_preferences',
  notificationPreferences: 'notification_preferences',
  notificationPreferencesUpdated: 'notification_preferences_updated',
  incomingCall: 'incoming-call',
  incomingEnded: 'incoming-ended',
  rejectCall: 'reject-call',

  // Chat (/real)
  sendMessage: 'send_message',
  receiveMessage: 'receive_message',
  typing: 'typing',
  typingName: 'types',
  reactMessage: 'react_message',
  deleteMessage: 'dm',
  /** Ours (issue 37): a message forwarded into one or more of the member's chats. */
  forwardMessage: 'forward_message',
  /** Ours (issue 37): the sender edits a message (within a day); every member sees "edited". */
  editMessage: 'edit_message',
  /** Ours (issue 37): every version of an edited message, newest first, for any member of its chat. */
  messageHistory: 'message_history',
  pinMessage: 'pin_message',
  unpinMessage: 'unpin_message',
  getChats: 'get_chats',
  chats: 'chats',
  getMessages: 'get_messages',
  chatMessages: 'chat_messages',
  joinChat: 'join-chat',
  leaveChat: 'leave-chat',
  startChat: 'start_chat',
  chatStarted: 'chat_started',
  startGroupChat: 'start_group_chat',
  addChat: 'add_chat',
  searchUser: 'search_user',
  searchResults: 'search_results',
  // Ours (the spec names no receive events for these): live presence, reactions/pins, deletes.
  presence: 'presence',
  messageUpdated: 'message_updated',
  messageDeleted: 'message_deleted',

  // Posts, feed, comments (/real)
  likePost: 'likePost',
  fetchComments: 'fetchComments',
  comments: 'comments',
  addComment: 'addComment',
  addCommentReply: 'addCommentReply',
  deletePost: 'dPst',
  editPost: 'ePst',
  /** Ours (issue 37): every version of an edited post, newest first, for whoever may see the post. */
  postHistory: 'post_history',
  postMutationResult: 'pMR',
  fetchOnePost: 'fOp',
  fetchPosts: 'fetchPosts',
  posts: 'posts',
  morePosts: 'morePosts',
  getSpotlight: 'get_spotlight',
  spotlightUser: 'spotlightUser',
  getProfileStatus: 'gPS',
  profileStatus: 'gPSR',
  hideProfileStatus: 'hPS',
  hideProfileStatusResult: 'hPSR',
  /** Ours (the spec does not show how shares are counted): a member shared a post's link. */
  sharePost: 'sharePost',

  // Reels, features, settings (/real)
  getReels: 'getReels',
  reels: 'reels',
  newReel: 'newReel',
  suggestFeature: 'suggestFeature',
  suggestionResponse: 'suggestionResponse',
  getProfile: 'get_profile',
  profileData: 'profile_data',
  updateProfile: 'update_profile',
  profileUpdateSuccess: 'profile_update_success',
  profileUpdateError: 'profile_update_error',
  // Ours for reels (reels.ts): one reel, likes, shares, deletes, comments, and the uploader's status.
  getReel: 'getReel',
  likeReel: 'likeReel',
  shareReel: 'shareReel',
  deleteReel: 'deleteReel',
  getReelComments: 'getReelComments',
  addReelComment: 'addReelComment',
  addReelCommentReply: 'addReelCommentReply',
  /** Issue 37: a member's clips, for the profile's Clips tab. */
  getMemberReels: 'getMemberReels',
  reelStatus: 'reelStatus',
  reelStats: 'reelStats',
  reelDeleted: 'reelDeleted',
  reelComments: 'reelComments',
  // Ours for the features page (features.ts): list, votes, status.
  getFeatures: 'getFeatures',
  features: 'features',
  voteFeature: 'voteFeature',
  setFeatureStatus: 'setFeatureStatus',
  featureUpdated: 'featureUpdated',

  // Profiles and friends (/real)
  fetchProfile: 'fetchProfile',
  userProfile: 'userProfile',
  fetchProfilePosts: 'fetchProfilePosts',
  profilePosts: 'profilePosts',
  fetchCounts: 'fetchCounts',
  counts: 'fCR',
  fetchSocials: 'fetchSocials',
  userSocials: 'userSocials',
  searchFriends: 'sF',
  searchFriendsResult: 'sFR',
  getFriendSuggestions: 'gFS',
  friendSuggestions: 'fs',
  getFollowers: 'gFL',
  followers: 'gFLR',
  getFollowing: 'gFG',
  following: 'gFGR',
  follow: 'aF',
  followResult: 'aFR',
  unfollow: 'uF',
  unfollowResult: 'uFR',
  // Ours (the spec shows only the chat menu's "Block User")
  blockUser: 'blockUser',
  unblockUser: 'unblockUser',
  blockResult: 'blockResult',
  getBlocked: 'getBlocked',
  blockedUsers: 'blockedUsers',

  // Calls (/realcall)
  createRoom: 'create-room',
  joinRoom: 'join-room',
  offer: 'offer',
  answer: 'answer',
  iceCandidate: 'ice-candidate',
  toggleVideo: 'toggle-video',
  toggleAudio: 'toggle-audio',
  toggleScreenSharing: 'toggle-screen-sharing',
  leaveRoom: 'leaveRoom',
  userJoined: 'user-joined',
  callee: 'callee',
  callAccepted: 'call-accepted',
  userLeft: 'user-left',
  callEnded: 'call-ended',

  // Ours, live updates (issue 19): read marks, new posts in an open feed, comments on an open post.
  chatRead: 'chat_read',
  watchFeed: 'watch_feed',
  unwatchFeed: 'unwatch_feed',
  newPost: 'new_post',
  watchPost: 'watch_post',
  unwatchPost: 'unwatch_post',

  // Ours, groups (issue 16): leaving, and the creator's "Edit Group" (add, remove, rename).
  getGroup: 'get_group',
  groupInfo: 'group_info',
  leaveGroup: 'leave_group',
  addGroupMembers: 'add_group_members',
  removeGroupMember: 'remove_group_member',
  renameGroup: 'rename_group',
  chatRemoved: 'chat_removed',

  // Ours, saved (issue 37): bookmark a post or clip into one's private "Saved" list, and read it.
  savePost: 'save_post',
  saveReel: 'save_reel',
  getSaved: 'get_saved',
} as const;

export type EventName = (typeof Events)[keyof typeof Events];
